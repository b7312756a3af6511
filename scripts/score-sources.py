#!/usr/bin/env python3
"""Score sourcepolicy's source kinds against a labelled set (scripts/LABELLING-SOURCES.md).
usage: score-sources.py BIN DIR [-v]   (DIR holds listN.md + listN.labels.jsonl; -v lists every
disagreement: a non-primary source accepted (ACCEPTED), a primary one rejected (REJECTED), or
one given another primary kind (KIND))

A label `secondary` agrees with a source the tool leaves without a kind (unclassified or
inadmissible); a primary label agrees only with the same kind. Links the tool does not list
(badges, anchors) and labels it has no link for are counted apart."""
import json, subprocess, sys, os, glob, re

PRIMARY = {"paper", "docs", "repo", "report"}

def run(binary, path):
    p = subprocess.run([binary, "entries", "--format", "json", os.path.basename(path)],
                       cwd=os.path.dirname(path) or ".", capture_output=True, text=True)
    if p.returncode not in (0, 1):
        return None, p.stderr.strip()
    return json.loads(p.stdout)["entries"], None

def main():
    binary, d = sys.argv[1], sys.argv[2]
    verbose = "-v" in sys.argv
    tot = dict(n=0, right=0, accepted=0, rejected=0, kind=0, unmatched=0)
    for md in sorted(glob.glob(os.path.join(d, "list*.md"))):
        lab_path = md[:-3] + ".labels.jsonl"
        if not os.path.exists(lab_path):
            continue
        labels = [json.loads(r) for r in open(lab_path, encoding="utf-8") if r.strip()]
        entries, err = run(binary, md)
        name = os.path.basename(md)
        if entries is None:
            print(f"{name}: CRASH {err[:200]}")
            tot["n"] += len(labels)
            continue
        seen = {}
        for e in entries:
            seen.setdefault((e["line"], e["url"]), []).append(e)
        s = dict(n=0, right=0)
        for l in labels:
            got = seen.get((l["line"], l["url"]))
            if not got:
                got = [e for e in entries if e["url"] == l["url"]]
            if not got:
                tot["unmatched"] += 1
                if verbose:
                    print(f"  ??  {name}:{l['line']} {l['url']} (no source listed)")
                continue
            e = got.pop(0) if isinstance(got, list) else got
            kind = e["type"]
            want = l["kind"]
            s["n"] += 1; tot["n"] += 1
            if (want in PRIMARY and kind == want) or (want not in PRIMARY and kind is None):
                s["right"] += 1; tot["right"] += 1
                continue
            if want not in PRIMARY:
                tot["accepted"] += 1; tag = "ACCEPTED"
            elif kind is None:
                tot["rejected"] += 1; tag = "REJECTED"
            else:
                tot["kind"] += 1; tag = "KIND"
            if verbose:
                print(f"  {tag:8} {name}:{l['line']} {l['url']} label={want} got={kind} "
                      f"({e.get('reason', '')}) why={l.get('why', '')!r}")
        acc = s["right"] / s["n"] if s["n"] else 0
        print(f"{name}: {s['n']} sources, accuracy {acc:.3f}")
    acc = tot["right"] / tot["n"] if tot["n"] else 0
    print(f"TOTAL {tot['n']} sources: accuracy {acc:.3f}; non-primary accepted {tot['accepted']}, "
          f"primary rejected {tot['rejected']}, other primary kind {tot['kind']}; "
          f"labels without a listed source {tot['unmatched']}")

if __name__ == "__main__":
    main()
