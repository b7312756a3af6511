#!/usr/bin/env bash
# What each rule family adds to a whole-process lint of one file (default: the largest corpus
# list): hyperfine medians of `--select link/malformed` (the cheapest rule, as the baseline)
# against the baseline plus one family. Needs hyperfine and ../shared/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-../shared/corpus/coderonion__awesome-cuda-and-hpc.md}
runs=${RUNS:-500}
[ -f "$file" ] || { echo "no $file"; exit 0; }
cargo build --release --quiet --bin sourcepolicy
bin=target/release/sourcepolicy
out=$(mktemp)
cmds=("$bin lint $file --format json --select link/malformed")
# `source,perf`: what claim detection and source classification add together (issue 12).
for fam in source perf source,perf structure link frontier entry; do
  cmds+=("$bin lint $file --format json --select link/malformed,$fam")
done
hyperfine -N -i --warmup 30 --runs "$runs" --export-json "$out" "${cmds[@]}" >/dev/null 2>&1
python3 - "$out" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
base = r[0]["median"] * 1000
print(f"baseline (link/malformed only): {base:.2f} ms median")
for x in r[1:]:
    fam = x["command"].split("link/malformed,")[1]
    print(f"  + {fam:<10} {x['median']*1000 - base:+.2f} ms")
PY
rm -f "$out"
