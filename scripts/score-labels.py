#!/usr/bin/env python3
"""Score sourcepolicy's perf/missing-context findings against a labelled set (scripts/LABELLING.md).
usage: score-labels.py BIN DIR [-v]   (DIR holds docN.md + docN.labels.jsonl; -v lists every
false alarm (FP), miss (FN) and wrong set of fields (FLD))"""
import json, subprocess, sys, os, glob, re

FIELDS = ["hardware", "workload", "precision", "baseline", "correctness"]

def norm(s):
    return re.sub(r"\s+", " ", s.replace("\u00a0", " ")).strip()

def label_col(line_text, value, nth):
    i = -1
    for _ in range(nth):
        i = line_text.find(value, i + 1)
        if i < 0:
            return None
    return i

def run(binary, path):
    p = subprocess.run([binary, "lint", "--format", "json", "--select", "perf/missing-context",
                        os.path.basename(path)], cwd=os.path.dirname(path) or ".",
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        return None, p.stderr.strip()
    return json.loads(p.stdout)["findings"], None

def main():
    binary, d = sys.argv[1], sys.argv[2]
    verbose = "-v" in sys.argv
    tot = dict(tp=0, fp=0, fn=0, exact=0, flagged=0, incomplete=0, complete_flagged=0,
               notclaim_flagged=0, unlabelled=0)
    crashed = []
    for md in sorted(glob.glob(os.path.join(d, "doc*.md")), key=lambda p: int(re.sub(r"\D", "", os.path.basename(p)) or 0)):
        lab_path = md[:-3] + ".labels.jsonl"
        if not os.path.exists(lab_path):
            continue
        lines = open(md, encoding="utf-8").read().split("\n")
        labels = []
        for raw in open(lab_path, encoding="utf-8"):
            raw = raw.strip()
            if not raw:
                continue
            l = json.loads(raw)
            txt = lines[l["line"] - 1] if 0 < l["line"] <= len(lines) else ""
            l["col"] = label_col(txt, l["value"], l.get("nth", 1))
            l["used"] = False
            labels.append(l)
        findings, err = run(binary, md)
        name = os.path.basename(md)
        if findings is None:
            crashed.append(name)
            print(f"{name}: CRASH {err[:200]}")
            continue
        s = dict(tp=0, fp=0, fn=0, exact=0)
        for f in findings:
            claim = norm(f["data"]["claim"])
            miss = [m for m in FIELDS if m in f["data"]["missing"]]
            fcol = f["column"] - 1
            cands = [l for l in labels if l["line"] == f["line"] and not l["used"]
                     and (norm(l["value"]) in claim or claim in norm(l["value"]))]
            if len(cands) > 1:
                cands.sort(key=lambda l: abs((l["col"] if l["col"] is not None else 10**6) - fcol))
            tot["flagged"] += 1
            if not cands:
                tot["fp"] += 1; s["fp"] += 1; tot["unlabelled"] += 1
                if verbose:
                    print(f"  FP  {name}:{f['line']}:{f['column']} {claim!r} (unlabelled) missing={miss}")
                continue
            l = cands[0]
            l["used"] = True
            if not l.get("claim", True):
                tot["fp"] += 1; s["fp"] += 1; tot["notclaim_flagged"] += 1
                if verbose:
                    print(f"  FP  {name}:{f['line']} {claim!r} notclaim ({l.get('why','')})")
                continue
            want = [m for m in FIELDS if m in l.get("missing", [])]
            if not want:
                tot["fp"] += 1; s["fp"] += 1; tot["complete_flagged"] += 1
                if verbose:
                    print(f"  FP  {name}:{f['line']} {claim!r} complete claim flagged missing={miss}")
                continue
            tot["tp"] += 1; s["tp"] += 1
            if miss == want:
                tot["exact"] += 1; s["exact"] += 1
            elif verbose:
                extra = [m for m in miss if m not in want]; lack = [m for m in want if m not in miss]
                print(f"  FLD {name}:{f['line']} {claim!r} tool-extra={extra} tool-found-but-label-missing={lack}  | {f['data'].get('found')}")
        for l in labels:
            if l.get("claim", True) and l.get("missing") and not l["used"]:
                tot["fn"] += 1; s["fn"] += 1
                if verbose:
                    print(f"  FN  {name}:{l['line']} {l['value']!r} missing={l['missing']}  | {lines[l['line']-1].strip()[:140]}")
        tot["incomplete"] += sum(1 for l in labels if l.get("claim", True) and l.get("missing"))
        p = s["tp"] / max(1, s["tp"] + s["fp"]); r = s["tp"] / max(1, s["tp"] + s["fn"])
        print(f"{name}: tp {s['tp']} fp {s['fp']} fn {s['fn']}  P {p:.3f} R {r:.3f} F {s['exact']/max(1,s['tp']):.3f}")
    P = tot["tp"] / max(1, tot["tp"] + tot["fp"]); R = tot["tp"] / max(1, tot["tp"] + tot["fn"])
    F = tot["exact"] / max(1, tot["tp"])
    print(f"TOTAL {d}: P {P:.3f} R {R:.3f} F {F:.3f}  (tp {tot['tp']} fp {tot['fp']} [unlabelled {tot['unlabelled']}, notclaim {tot['notclaim_flagged']}, complete {tot['complete_flagged']}] fn {tot['fn']})")
    if crashed:
        print(f"CRASHED on {len(crashed)} document(s): {crashed}")

main()
