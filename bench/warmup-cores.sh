#!/usr/bin/env bash
# Where a JVM stack warms: on every core until its JIT goes quiet (wsbench's default when processes are
# placed), or on its own cores throughout. One run of seed 001's three JVM stacks (small sequence,
# 4 processes each, 1 and 20 users, 3 rounds): two processes of each server, chosen at random, are
# warmed on their own cores (WSBENCH_WARMUP_OWN_CORES), the other two on every core, so both ways
# share one machine's minutes. Prints, per stack, each way's warm-up seconds and whether it settled,
# then what the processes measured afterwards (throughput and server CPU per answer, median of the
# rounds, per process) so a warm-up on every core can be seen to leave its process neither faster
# nor slower. usage: bench/warmup-cores.sh [ROUNDS]
set -euo pipefail
home=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
keep="$home/results/$(date +%Y%m%d-%H%M%S)-warmup-cores"  # the run is kept: results/ is not in git
own=$(shuf -i 1-4 -n 2 | sort -n | paste -sd,)
cat > "$work/warmup-cores.yaml" <<YAML
name: warmup-cores
operation: matchQuakes
baseline: CXF small
instances: 4
repeat: $rounds
cpus: auto
warmupMax: 120s
targets:
  - { label: CXF small, stack: cxf, protocol: soap11, sequence: small }
  - { label: Metro small, stack: metro, protocol: soap11, sequence: small }
  - { label: Axis2 small, stack: axis2, protocol: soap11, sequence: small }
load:
  - { users: 1, sequences: 1, minDuration: 2s }
  - { users: 20, sequences: 1, minDuration: 2s }
YAML
echo "processes warmed on their own cores: $own; the others on every core"
WSBENCH_WARMUP_OWN_CORES=$own "$home/wsbench" run "$work/warmup-cores.yaml" --out "$work/results" >"$work/run.log" 2>&1 \
  || { tail -20 "$work/run.log"; exit 1; }
mkdir -p "$home/results" && cp -r "$work/results" "$keep" && echo "run kept in $keep"
run="$keep"
python3 - "$run" "$own" <<'PY'
import json, statistics, sys, collections
run = json.load(open(sys.argv[1] + "/run.json"))
own = {int(i) for i in sys.argv[2].split(",")}
way = lambda i: "own cores" if i in own else "every core"
print(f"{'target':12} {'way':11} {'warm-up s (each process)':34} {'settled':8} {'own cores from s':16}")
for label in sorted({w["target"] for w in run["warmup"]}):
    for w_ in ("own cores", "every core"):
        ws = [w for w in run["warmup"] if w["target"] == label and way(w.get("instance", 1)) == w_]
        secs = " ".join("%.0f" % w["seconds"] for w in ws)
        settled = "%d/%d" % (sum(1 for w in ws if w["steady"]), len(ws))
        back = " ".join(str(w.get("ownCoresFromSecond", "-")) for w in ws)
        print(f"{label:12} {w_:11} {secs:34} {settled:8} {back:16}")
    own_s = [w["seconds"] for w in run["warmup"] if w["target"] == label and way(w.get("instance", 1)) == "own cores"]
    every_s = [w["seconds"] for w in run["warmup"] if w["target"] == label and way(w.get("instance", 1)) == "every core"]
    print(f"{'':12} every/own: {sum(every_s) / sum(own_s):.2f} of the warm-up time")
tot = {w_: sum(w["seconds"] for w in run["warmup"] if way(w.get("instance", 1)) == w_) for w_ in ("own cores", "every core")}
print(f"all warm-ups: own cores {tot['own cores']:.0f} s, every core {tot['every core']:.0f} s, ratio {tot['every core'] / tot['own cores']:.2f}")
print()
by = collections.defaultdict(list)
for p in run["points"]:
    i = (p.get("round") or {}).get("instance") or 1
    s = p.get("server") or {}
    cpu = s["cpuPercent"] / 100 * 1e6 / p["throughput"] if s.get("cpuPercent") and p["throughput"] > 0 else None
    by[(p["target"]["label"], p["load"]["users"], i)].append((p["throughput"], cpu))
print(f"{'row':22} {'way':11} {'req/s per process (median of rounds)':40} {'every/own':9} {'CPU/answer every/own':20}")
for label, users in sorted({(k[0], k[1]) for k in by}):
    med = {}
    for w_ in ("own cores", "every core"):
        per = {i: v for (l, u, i), v in by.items() if l == label and u == users and way(i) == w_}
        tp = [statistics.median(x[0] for x in v) for v in per.values()]
        cpu = [statistics.median(x[1] for x in v if x[1]) for v in per.values() if any(x[1] for x in v)]
        med[w_] = (statistics.mean(tp), statistics.mean(cpu) if cpu else None)
        print(f"{label + ' @ ' + str(users):22} {w_:11} {' '.join(f'{t:,.0f}' for t in tp):40}", end="")
        if w_ == "every core":
            c = f"{med['every core'][1] / med['own cores'][1]:.3f}" if med["own cores"][1] and med["every core"][1] else "-"
            print(f" {med['every core'][0] / med['own cores'][0]:<9.3f} {c}")
        else:
            print()
PY
