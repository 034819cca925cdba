#!/usr/bin/env python3
"""Per-model, per-factor CG table (markdown) from evaluate reports.

Usage: scripts/cg-table.py LABEL=DIR [LABEL=DIR ...]
Each DIR holds report.json of one `candela evaluate` run. Prints, per run, the overall CG and each
factor's CG with its 95% interval, marking unreliable factors (u), factors excluded from the mean
(x), and the classifier's accuracy on the reconstructions (exact, and under the read-out the gate
used) per factor.
"""
import json
import sys


def load(path):
    with open(path + "/report.json") as f:
        return json.load(f)


def main(args):
    if not args:
        sys.exit(__doc__)
    rows = []
    factors = []
    for a in args:
        label, _, d = a.partition("=")
        r = load(d)
        scores = r["scores"]
        unc = r.get("uncertainty", {})
        cg = r["details"].get("cg", {})
        unreliable = set(cg.get("unreliableFactors", []))
        excluded = set(cg.get("excluded", {}) or [])
        per = {}
        for k, v in scores.items():
            if k.startswith("cg.") and k.count(".") == 1:
                per[k[3:]] = v
                if k[3:] not in factors:
                    factors.append(k[3:])
        for f in excluded:
            if f not in factors:
                factors.append(f)
        acc = {}
        for f, c in (cg.get("classifierAccuracy") or {}).items():
            rec = c.get("reconstructions", {})
            acc[f] = rec.get("value")
        rows.append((label, scores.get("cg"), unc.get("cg", {}).get("ci95"), per, unc, unreliable,
                     excluded, acc, cg.get("readout", "exact")))
    print("| model | read-out | cg | " + " | ".join(factors) + " |")
    print("|---|---|---|" + "---|" * len(factors))
    for label, total, ci, per, unc, unreliable, excluded, acc, readout in rows:
        cells = []
        for f in factors:
            if f in excluded:
                cells.append("excluded")
                continue
            v = per.get(f)
            if v is None:
                cells.append("")
                continue
            c = unc.get("cg." + f, {}).get("ci95")
            s = "%.3f" % v
            if c:
                s += " [%.3f, %.3f]" % tuple(c)
            if f in unreliable:
                s += " (u)"
            cells.append(s)
        t = "%.3f" % total if total is not None else ""
        if ci:
            t += " [%.3f, %.3f]" % tuple(ci)
        print("| %s | %s | %s | %s |" % (label, readout, t, " | ".join(cells)))
    print()
    print("| model | " + " | ".join("acc " + f for f in factors) + " |")
    print("|---|" + "---|" * len(factors))
    for label, total, ci, per, unc, unreliable, excluded, acc, readout in rows:
        print("| %s | %s |" % (label, " | ".join(
            ("%.3f" % acc[f]) if acc.get(f) is not None else "" for f in factors)))


if __name__ == "__main__":
    main(sys.argv[1:])
