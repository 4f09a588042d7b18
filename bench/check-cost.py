#!/usr/bin/env python3
"""What checking an answer costs the generator, read from a finished run (issue 65, item 1): each
row's generator CPU per request (run.json's generator.cpuSeconds over the point's requests), median
(min-max) over its points, and its ratio to the plain-text row at the same load, paired by round and
process. Plain text's check is a compare of a few bytes: the floor every other protocol's is held to.

usage: bench/check-cost.py RUN_DIR [REFERENCE_LABEL=plain]"""
import json, statistics, sys, collections

run = json.load(open(sys.argv[1] + "/run.json"))
ref = sys.argv[2] if len(sys.argv) > 2 else "plain"
cost = collections.defaultdict(dict)
check = collections.defaultdict(list)
for p in run["points"]:
    g = p.get("generator") or {}
    if p.get("requests", 0) > 0 and g.get("cpuSeconds"):
        load = p["load"]
        key = (p["target"]["label"], load.get("users"), f" open {load['rate']:.0f}/s" if load.get("model") == "open" else "")
        cost[key][((p.get("round") or {}).get("instance") or 1, p["repeat"])] = g["cpuSeconds"] / p["requests"] * 1e6
        if g.get("checkMicrosPerRequest") is not None:
            check[key].append(g["checkMicrosPerRequest"])
print(f"{'row':34} {'gen CPU us/req':>24} {'x ' + ref:>18} {'check us/answer':>22}")
for (label, users, model), v in sorted(cost.items()):
    vals = sorted(v.values())
    base = cost.get((ref, users, model), {})
    ratios = sorted(v[k] / base[k] for k in v if k in base and base[k] > 0)
    r = f"{statistics.median(ratios):.2f} ({ratios[0]:.2f}-{ratios[-1]:.2f})" if ratios else "-"
    c = sorted(check.get((label, users, model), []))
    cs = f"{statistics.median(c):.2f} ({c[0]:.2f}-{c[-1]:.2f})" if c else "-"
    print(f"{label + ' @ ' + str(users) + 'u' + model:34} {statistics.median(vals):8.1f} ({vals[0]:.1f}-{vals[-1]:.1f}) {r:>18} {cs:>22}")
