#!/usr/bin/env python3
"""The two levels of a run's noise, read from its run.json: for each row's ratio to the baseline,
the spread between the rounds of one server process (sigma_R) and between processes (sigma_I,
what the processes' means spread beyond their rounds' share), and what that makes the best split of
a fixed time between processes and rounds (Kalibera and Jones, ISMM 2013: rounds per process
r* = sqrt(c_I sigma_R^2 / (c_R sigma_I^2)), c_I a process's cost, c_R a point's).

usage: bench/levels.py RUN_DIR [SECONDS_PER_PROCESS]"""
import json, math, statistics, sys, collections

run = json.load(open(sys.argv[1] + "/run.json"))
cost_process = float(sys.argv[2]) if len(sys.argv) > 2 else None
base = run.get("baseline")
pts = collections.defaultdict(dict)
for p in run["points"]:
    if p.get("throughput", 0) <= 0:
        continue
    # a load's passes are timed per target: the users and the shape name the row
    key = (p["target"]["label"], json.dumps({"users": p["load"].get("users"), "rate": p["load"].get("rate")}))
    inst = (p.get("round") or {}).get("instance") or 1
    pts[key][(inst, p["repeat"])] = p["throughput"]
loads = sorted({k[1] for k in pts})
point_seconds = statistics.median(p["durationSeconds"] for p in run["points"]) + 0.25
print(f"{'row':32} {'k':>2} {'R':>3} {'ratio':>7} {'sigma_R':>8} {'sigma_I':>8} {'procs apart':>11} {'r*':>5}")
for key, values in pts.items():
    label, load = key
    # a row of another sequence ("Metro large") is held against the baseline's stack in it ("CXF large")
    mine = base
    if base and len(base.split()) == 2 and len(label.split()) == 2:
        mine = base.split()[0] + " " + label.split()[1]
    if label == mine:
        continue
    b = pts.get((mine, load))
    if not b:
        continue
    by_inst = collections.defaultdict(list)
    for (i, r), v in values.items():
        if (i, r) in b:
            by_inst[i].append(math.log(v / b[(i, r)]))
    k = len(by_inst)
    R = statistics.median(len(v) for v in by_inst.values())
    means = [statistics.mean(v) for v in by_inst.values()]
    within = [x - statistics.mean(v) for v in by_inst.values() for x in v]
    dof = sum(len(v) - 1 for v in by_inst.values())
    sr2 = sum(x * x for x in within) / dof if dof > 0 else float("nan")
    s1 = statistics.variance(means) if k > 1 else float("nan")
    si2 = max(0.0, s1 - sr2 / R) if k > 1 else float("nan")
    rstar = ""
    if cost_process and si2 and si2 > 0:
        rstar = f"{math.sqrt(cost_process * sr2 / (point_seconds * si2)):.1f}"
    elif cost_process:
        rstar = "inf"
    apart = (max(means) - min(means)) / 2 if k > 1 else float("nan")
    print(f"{label + ' @ ' + json.loads(load).get('users', '?').__str__() + 'u':32} {k:>2} {R:>3} "
          f"{math.exp(statistics.mean(means)):7.3f} {100*math.sqrt(sr2):7.2f}% {100*math.sqrt(si2):7.2f}% {100*apart:10.2f}% {rstar:>5}")
