#!/usr/bin/env bash
# Whole-process timings: `sourcepolicy lint` against a bare comrak parse of the same file
# (the floor for a comrak-based linter), on the corpus lists. Prints hyperfine's medians and
# the ratio. Needs hyperfine (apt-get install hyperfine) and ../shared/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=../shared/corpus
[ -d "$corpus" ] || { echo "no $corpus: nothing to compare"; exit 0; }
command -v hyperfine >/dev/null || { echo "hyperfine not installed (apt-get install hyperfine)"; exit 1; }
cargo build --release --quiet --bin sourcepolicy --example parse_only
bin=target/release/sourcepolicy
floor=target/release/examples/parse_only
runs=${RUNS:-200}
printf '%-45s %12s %12s %8s\n' file "lint (ms)" "parse (ms)" ratio
for f in guide/README.fe274ee.md guide/README.3ad4ea1.md coderonion__awesome-cuda-and-hpc.md \
         xlite-dev__Awesome-LLM-Inference.md sindresorhus__awesome.md; do
  out=$(mktemp)
  hyperfine -N -i --warmup 20 --runs "$runs" --export-json "$out" \
    "$bin lint --today 2026-12-02 $corpus/$f" "$floor $corpus/$f" >/dev/null 2>&1
  python3 - "$out" "$f" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
lint, parse = (r[0]["median"] * 1000, r[1]["median"] * 1000)
print(f"{sys.argv[2]:<45} {lint:12.2f} {parse:12.2f} {lint/parse:8.2f}")
PY
  rm -f "$out"
done
