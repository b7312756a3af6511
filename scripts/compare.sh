#!/usr/bin/env bash
# Whole-process timings: `sourcepolicy lint` against a bare comrak parse of the same file
# (the floor for a comrak-based linter), on the corpus lists. Prints the medians of all runs,
# the median of the rounds' ratios and their interquartile range; then the guide 100 times in
# one file and a 200,000-entry list (throughput).
# Needs hyperfine (apt-get install hyperfine) and ../shared/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=../shared/corpus
[ -d "$corpus" ] || { echo "no $corpus: nothing to compare"; exit 0; }
command -v hyperfine >/dev/null || { echo "hyperfine not installed (apt-get install hyperfine)"; exit 1; }
cargo build --release --quiet --bin sourcepolicy --example parse_only
bin=target/release/sourcepolicy
floor=target/release/examples/parse_only
runs=${RUNS:-200}
# The lint and the parse are timed in alternating rounds (hyperfine runs one command's runs
# before the other's, so a burst of noise on a shared machine would land on one side only):
# each round times both, and the ratio printed is the median of the rounds' ratios.
rounds=${ROUNDS:-20}
per_round=$(( (runs + rounds - 1) / rounds ))
printf '%-45s %12s %12s %8s %15s\n' file "lint (ms)" "parse (ms)" ratio "rounds' range"
for f in guide/README.fe274ee.md guide/README.3ad4ea1.md coderonion__awesome-cuda-and-hpc.md \
         xlite-dev__Awesome-LLM-Inference.md sindresorhus__awesome.md; do
  out=$(mktemp -d)
  for r in $(seq "$rounds"); do
    hyperfine -N -i --warmup 3 --runs "$per_round" --export-json "$out/$r.json" \
      "$bin lint --today 2026-12-02 $corpus/$f" "$floor $corpus/$f" >/dev/null 2>&1
  done
  python3 - "$out" "$f" <<'PY'
import glob, json, statistics, sys
lint, parse, ratios = [], [], []
for path in glob.glob(sys.argv[1] + "/*.json"):
    r = json.load(open(path))["results"]
    lint += r[0]["times"]
    parse += r[1]["times"]
    ratios.append(r[0]["median"] / r[1]["median"])
l, p = statistics.median(lint) * 1000, statistics.median(parse) * 1000
q = statistics.quantiles(ratios, n=4)
print(f"{sys.argv[2]:<45} {l:12.2f} {p:12.2f} {statistics.median(ratios):8.2f} {q[0]:7.2f}-{q[2]:.2f}")
PY
  rm -rf "$out"
done

# Throughput: the guide repeated 100 times in one file against 100 runs on one copy (the
# same bytes), and a generated list of 200,000 entries (MB/s of input; short entries, so
# that the list stays under the 10 MiB input cap).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
guide=$corpus/guide/README.fe274ee.md
for _ in $(seq 100); do cat "$guide"; done > "$tmp/guide-x100.md"
python3 - "$tmp/entries-200k.md" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# Generated list\n\n")
    for s in range(200):
        f.write(f"\n## Section {s}\n\n")
        for i in range(1000):
            n = s * 1000 + i
            f.write(f"- [E{n}](https://e{n % 97}.org/{n}) - item {n}\n")
PY
median() {
  hyperfine -N -i --warmup "$1" --runs "$2" --export-json "$tmp/h.json" "$3" >/dev/null 2>&1
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$tmp/h.json"
}
one=$(median 10 "$runs" "$bin lint --today 2026-12-02 $guide")
hundred=$(median 2 10 "$bin lint --today 2026-12-02 $tmp/guide-x100.md")
python3 - "$one" "$hundred" <<'PY'
import sys
one, hundred = map(float, sys.argv[1:])
print(f"guide x100 in one file: {hundred*1000:.1f} ms; 100 single runs: {one*100000:.1f} ms; ratio {hundred/(one*100):.2f}")
PY
size=$(stat -c %s "$tmp/entries-200k.md")
t=$(median 1 5 "$bin lint --today 2026-12-02 $tmp/entries-200k.md")
python3 - "$size" "$t" <<'PY'
import sys
size, t = int(sys.argv[1]), float(sys.argv[2])
print(f"200,000 generated entries ({size/1e6:.1f} MB): {t*1000:.0f} ms, {size/1e6/t:.1f} MB/s")
PY

# Other tools on the same files, when installed: rumdl and lychee --offline.
for tool in rumdl lychee; do
  exe=$(command -v pyenv >/dev/null && pyenv which "$tool" 2>/dev/null || command -v "$tool" || true)
  [ -n "$exe" ] || continue
  for f in guide/README.fe274ee.md coderonion__awesome-cuda-and-hpc.md; do
    case $tool in
      # --no-cache: rumdl otherwise replays the results it cached on the previous run.
      rumdl) cmd="$exe check --no-cache $corpus/$f" ;;
      lychee) cmd="$exe --offline $corpus/$f" ;;
    esac
    ours=$(median 10 "$runs" "$bin lint --today 2026-12-02 $corpus/$f")
    theirs=$(median 5 "$runs" "$cmd")
    python3 -c 'import sys; o,t=map(float,sys.argv[2:]); print(f"{sys.argv[1]:<45} ours {o*1000:.2f} ms, '"$tool"' {t*1000:.2f} ms, ratio {o/t:.2f}")' "$f" "$ours" "$theirs"
  done
done
