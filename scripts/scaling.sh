#!/usr/bin/env bash
# Whole-process scaling sweep: each shape of list that was once quadratic (issue 14), at
# SIZES items (default 10000 and 100000), linted by the release binary; prints the best of
# three wall-clock times per size and the per-item ratio of the largest size to the smallest
# (1.0 = linear; the aim is at most 1.5). `cargo test --test scaling` asserts the same shapes
# in process at smaller sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin sourcepolicy
bin=$PWD/target/release/sourcepolicy
read -r -a sizes <<< "${SIZES:-10000 100000}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/.git"
for n in "${sizes[@]}"; do
  python3 - "$tmp" "$n" <<'PY'
import sys
d, n = sys.argv[1], int(sys.argv[2])
def w(name, text):
    open(f"{d}/{name}-{n}.md", "w").write(text)
w("anchors", "# T\n\n" + "".join(f"## Heading {i}\n\nSee [x](#heading-{i}-missing).\n\n" for i in range(n)))
w("own-line-ignores", "# T\n\n## S\n\n" + "".join(f'<!-- sourcepolicy: ignore=entry reason="r" -->\n- [e{i}](https://example.org/{i})\n' for i in range(n)))
w("inline-ignores", "# T\n\n## S\n\n" + "".join(f'- [e{i}](https://example.org/{i}) <!-- sourcepolicy: ignore=entry reason="r" -->\n' for i in range(n)))
open(f"{d}/target-{n}.md", "w").write("# T\n\n" + "".join(f"## H{i}\n\n" for i in range(n)))
w("links-into-one-file", "# T\n\n## S\n\n" + "".join(f"- [l{i}](target-{n}.md#h{i + (i % 2) * n}) - x\n" for i in range(n)))
w("frontier", "# T\n\n" + "".join(f"## Frontier {i}\n\nVerified on **2026-11-01**.\n\n- [a](https://example.org/f{i}) - x\n\n" for i in range(n)))
w("banned-among-code", "# T\n\n## S\n\n" + "".join(f"```\ncode {i}\n```\n\n**Checkpoint:** {i}\n\n" for i in range(n)))
w("duplicates", "# T\n\n" + "".join(f"## S{i}\n\n- [p](https://arxiv.org/abs/2401.{i % 50:05}) - x\n\n" for i in range(n)))
# a contents list that runs backwards: every entry out of order, all sharing one fix
w("contents-backwards", "# T\n\n## Contents\n\n" + "".join(f"- [Part {i}](#part-{i})\n" for i in reversed(range(n))) + "".join(f"\n## Part {i}\n\nText.\n" for i in range(n)))
PY
done
best() {
  python3 - "$@" <<'PY'
import subprocess, sys, time
ts = []
for _ in range(3):
    t = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ts.append(time.perf_counter() - t)
print(min(ts))
PY
}
printf '%-22s' shape; for n in "${sizes[@]}"; do printf '%12s' "$n (s)"; done; printf '%12s\n' "per item"
for shape in anchors own-line-ignores inline-ignores links-into-one-file frontier banned-among-code duplicates \
             contents-backwards; do
  printf '%-22s' "$shape"
  times=()
  for n in "${sizes[@]}"; do
    t=$(cd "$tmp" && best "$bin" lint --today 2026-12-02 --format json "$shape-$n.md")
    times+=("$t")
    printf '%12.3f' "$t"
  done
  python3 -c 'import sys; a,b,na,nb=map(float,sys.argv[1:]); print(f"{(b/nb)/(a/na):12.2f}")' \
    "${times[0]}" "${times[-1]}" "${sizes[0]}" "${sizes[-1]}"
done
