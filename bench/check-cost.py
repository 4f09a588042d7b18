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
for p in run["points"]:
    g = p.get("generator") or {}
    if p.get("requests", 0) > 0 and g.get("cpuSeconds"):
        key = (p["target"]["label"], p["load"].get("users"))
        cost[key][((p.get("round") or {}).get("instance") or 1, p["repeat"])] = g["cpuSeconds"] / p["requests"] * 1e6
print(f"{'row':28} {'gen CPU us/req':>24} {'x ' + ref:>18}")
for (label, users), v in sorted(cost.items()):
    vals = sorted(v.values())
    base = cost.get((ref, users), {})
    ratios = sorted(v[k] / base[k] for k in v if k in base and base[k] > 0)
    r = f"{statistics.median(ratios):.2f} ({ratios[0]:.2f}-{ratios[-1]:.2f})" if ratios else "-"
    print(f"{label + ' @ ' + str(users) + 'u':28} {statistics.median(vals):8.1f} ({vals[0]:.1f}-{vals[-1]:.1f}) {r:>18}")
