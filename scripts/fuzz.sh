#!/usr/bin/env bash
# Fuzz every target for N minutes each (default 20): `scripts/fuzz.sh [MINUTES] [TARGET...]`.
# Needs cargo-fuzz (`cargo install cargo-fuzz`) and a nightly toolchain (libFuzzer's
# coverage instrumentation); CI does not run this. No address sanitizer by default
# (`FUZZ_SANITIZER=address` for one): the crate's only unsafe code reads the automata its own
# build compiled (each validated by a test) and sets glibc's allocator thresholds in `main`,
# and without it the fuzzer runs many times faster. A crash is copied into fuzz/regressions/<target>/
# (replayed by `cargo test --test fuzz_regressions` once fixed) and the script exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(lint policy)
toolchain=${FUZZ_TOOLCHAIN:-nightly}
sanitizer=${FUZZ_SANITIZER:-none}
status=0
for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t"
  # Seed from the regression corpus and the repository's own fixtures.
  cp -n fuzz/regressions/"$t"/* "fuzz/corpus/$t/" 2>/dev/null || true
  if [ "$t" = lint ]; then
    find tests/fixtures examples -name '*.md' -size -64k -exec cp -n {} "fuzz/corpus/$t/" \; 2>/dev/null || true
  fi
  echo "== fuzzing $t for $minutes minute(s)"
  # a dictionary of the target's tokens, when there is one (fuzz/<target>.dict)
  dict=()
  [ -f "fuzz/$t.dict" ] && dict=(-dict="fuzz/$t.dict")
  if ! cargo +"$toolchain" fuzz run -s "$sanitizer" "$t" "fuzz/corpus/$t" -- \
      -max_total_time=$((minutes * 60)) -max_len=65536 -timeout=10 -rss_limit_mb=4096 "${dict[@]}"; then
    status=1
  fi
  for crash in fuzz/artifacts/"$t"/crash-* fuzz/artifacts/"$t"/timeout-* fuzz/artifacts/"$t"/oom-*; do
    [ -e "$crash" ] || continue
    cp "$crash" "fuzz/regressions/$t/"
    echo "kept $crash in fuzz/regressions/$t/"
    status=1
  done
done
exit $status
