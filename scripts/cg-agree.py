#!/usr/bin/env python3
"""Do two classifiers give the same CG? Per model and factor, |CG_a - CG_b| against
2 * sqrt(se_a^2 + se_b^2), from two sets of evaluate reports of the same models and seed.

Usage: scripts/cg-agree.py DIR_A DIR_B MODEL [MODEL ...]
(DIR_A/MODEL/report.json and DIR_B/MODEL/report.json). Exit status 1 when a pair disagrees.
"""
import json
import math
import sys


def main(a, b, models):
    bad = 0
    print("| model | factor | CG (a) | CG (b) | abs diff | 2 x combined se | agree |")
    print("|---|---|---|---|---|---|---|")
    for m in models:
        ra = json.load(open("%s/%s/report.json" % (a, m)))
        rb = json.load(open("%s/%s/report.json" % (b, m)))
        keys = [k for k in ra["scores"] if k == "cg" or k.startswith("cg.") and k.count(".") == 1]
        for k in keys:
            if k not in rb["scores"]:
                print("| %s | %s | %.3f | absent | | | no |" % (m, k, ra["scores"][k]))
                bad += 1
                continue
            va, vb = ra["scores"][k], rb["scores"][k]
            se = math.hypot(ra["uncertainty"][k]["se"], rb["uncertainty"][k]["se"])
            ok = abs(va - vb) <= 2 * se
            bad += 0 if ok else 1
            print("| %s | %s | %.3f | %.3f | %.3f | %.3f | %s |"
                  % (m, k, va, vb, abs(va - vb), 2 * se, "yes" if ok else "**no**"))
    print("\n%d disagreeing" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
