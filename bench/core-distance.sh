#!/usr/bin/env bash
# Does waiting for the cores help? On a virtual machine the hypervisor moves the two cores that the
# generator and the server run on nearer and further apart (a cache line's round trip of about 40,
# 100 or 500 ns on the 2-core machines measured), and a point measured apart is slower. A run probes
# that distance around every point (generator.coreDistanceNanos), waits before a point for the run's
# usual distance, and measures a point again when the cores moved apart during it (at once) or stayed apart
# all through it (at its round's end). This runs a suite
# (the default one unless given) RUNS times in each of two ways, alternated A B B A ...: as shipped
# (shipped) and with the figures only recorded (-Dwsbench.coreDistance=record). For each run it prints
# its wall time, the median and widest half width of its ratios' 95% intervals and of its rows'
# throughput intervals, its rows' median spread of repeats and how many points' cores moved during them; each
# row's throughput per class of distance in each run; then, per way, the medians over its runs.
# B_NAME and B_OPTS compare the shipped way with another switch instead of the waits', e.g. the re-warm that
# goes on while the server's JIT is busy against one fixed window:
#   B_NAME=fixed B_OPTS=-Dwsbench.rewarm=fixed bench/core-distance.sh 2
# and a column counts the points whose server spent more than twice its row's median CPU per answer (a JIT burst).
# KEEP=DIR copies each run's directory there (N-WAY) before the work directory goes.
#   B_NAME=putoff B_OPTS=-Dwsbench.coreDistance=putoff bench/core-distance.sh 2: a point that finds its cores apart
#   waiting for them (shipped), or put off behind a point of one user on the server's core (putoff; tried, not kept)
#   B_NAME=agree B_OPTS=-Dwsbench.steady=agree bench/core-distance.sh 2: a warm-up steady when its last three windows
#   agree or hold the level of the three before them (shipped), or only when they agree (agree; before 2026-12-07)
#   bench/core-distance.sh [RUNS=2] [SUITE]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
BENCH_HOLD=0  # the runs hold the cores as they do when shipped
source "$here/lib.sh"
runs=${1:-2}
suite=${2:-}
b_name=${B_NAME:-record}
b_opts=${B_OPTS:--Dwsbench.coreDistance=record}
bench_build
base_opts="-XX:+UseParallelGC -Xms256m -XX:GCTimeRatio=19 -XX:CompileThresholdScaling=2"
order=()
for ((i = 0; i < runs; i++)); do
  if ((i % 2 == 0)); then order+=(shipped "$b_name"); else order+=("$b_name" shipped); fi
done
echo "cpuidle driver: $(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none); $(nproc) cores"
: > "$bench_work/runs"
for way in "${order[@]}"; do
  opts=$base_opts
  [ "$way" = "$b_name" ] && opts="$base_opts $b_opts"
  start=$(date +%s)
  dir=$bench_work/out$(wc -l < "$bench_work/runs")/
  WSBENCH_JAVA_OPTS="$opts" "$bench_home/wsbench" run ${suite:+"$suite"} --no-history --out "$dir" \
    > "$bench_work/last.log" 2>&1 || { tail -5 "$bench_work/last.log"; exit 1; }
  echo "$way $(( $(date +%s) - start )) $dir" >> "$bench_work/runs"
  [ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp -r "$dir" "$KEEP/$(wc -l < "$bench_work/runs")-$way"
  echo "run $(wc -l < "$bench_work/runs"): $way, $(( $(date +%s) - start )) s" >&2
done
python3 - "$bench_work/runs" <<'PY'
import csv, json, statistics as st, sys
rows = {}
classes = []
print(f"{'way':8} {'wall s':>6} {'ratio ±% med':>12} {'widest':>7} {'req/s ±% med':>12} {'widest':>7} {'spread med':>10} {'points apart':>12} {'JIT bursts':>10}")
for line in open(sys.argv[1]):
    way, secs, d = line.split()
    ratio, thr, spread = [], [], []
    for r in csv.DictReader(open(d + "summary.csv")):
        if r["ratio"] and float(r["ratio"]) != 1:
            ratio.append(100 * (float(r["ratio.ci95High"]) - float(r["ratio.ci95Low"])) / 2 / float(r["ratio"]))
        thr.append(100 * (float(r["throughput.ci95High"]) - float(r["throughput.ci95Low"])) / 2 / float(r["throughput"]))
    run = json.load(open(d + "run.json"))
    by = {}
    apart = total = 0
    for p in run["points"]:
        by.setdefault((p["target"]["label"], p["load"].get("users")), []).append(p["throughput"])
        cd = (p.get("generator") or {}).get("coreDistanceNanos")
        if cd:
            total += 1
            apart += max(cd) > 1.41 * min(cd)
    for v in by.values():
        if len(v) > 1:
            spread.append(100 * (max(v) - min(v)) / 2 / st.median(v))
    # the server's CPU per answer, by row: a point at more than twice its row's median spent it on something else (its JIT)
    cost = {}
    for p in run["points"]:
        cpu = (p.get("server") or {}).get("cpuPercent")
        if cpu and p["throughput"] > 0:
            cost.setdefault((p["target"]["label"], p["load"].get("users")), []).append(cpu / 100 / p["throughput"])
    bursts = sum(1 for v in cost.values() for c in v if c > 2 * st.median(v))
    # each row's points by the distance they were measured at, both figures in one class (40-ish, 100-ish, 500-ish ns)
    cls = lambda v: "near" if v < 80 else "cache" if v < 220 else "apart"
    classes.append((way, d, {}))
    for p in run["points"]:
        cd = (p.get("generator") or {}).get("coreDistanceNanos")
        if cd and cls(cd[0]) == cls(cd[1]):
            classes[-1][2].setdefault((p["target"]["label"], p["load"].get("users")), {}).setdefault(cls(cd[0]), []).append(p["throughput"])
    rec = (int(secs), st.median(ratio), max(ratio), st.median(thr), max(thr), st.median(spread))
    rows.setdefault(way, []).append(rec)
    print(f"{way:8} {rec[0]:6d} {rec[1]:12.1f} {rec[2]:7.1f} {rec[3]:12.1f} {rec[4]:7.1f} {rec[5]:10.1f} {apart:5d} of {total} {bursts:10d}")
    for n in run.get("notes", []):
        if "re-warms before a point" in n or "were usually" in n:
            print("         " + n)
print("\nthroughput by where the cores were (both probes of a point in one class: <80 ns one physical core, <220 one cache, else apart):")
for way, d, byrow in classes:
    print(f"{way} run ({d}):")
    for (label, users), by in sorted(byrow.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0)):
        cells = "  ".join(f"{c} {len(v)}x {st.median(v):,.0f} ({min(v):,.0f}-{max(v):,.0f})" for c, v in sorted(by.items()))
        print(f"  {label} @ {users}: {cells}")
for way, recs in rows.items():
    med = [st.median(x) for x in zip(*recs)]
    print(f"{way:8} medians over {len(recs)} runs: wall {med[0]:.0f} s, ratio ±{med[1]:.1f}% (widest ±{med[2]:.1f}%), "
          f"req/s ±{med[3]:.1f}% (widest ±{med[4]:.1f}%), spread of repeats ±{med[5]:.1f}%")
PY
