#!/usr/bin/env bash
# Is the default run steady? Runs `./wsbench run` (the default suite, as a newcomer does) RUNS
# times, then prints each row's spread as the summary table computes it (half the min-max range of
# its repeats over their median, of throughput or mean latency, whichever is larger) in every run,
# the worst run of each row, and how many rows went over 10%, with each run's wall time. A
# benchmark, not a test: the machine's other load moves these figures.
#   bench/default-spread.sh [RUNS=3] [extra run options, e.g. --cpus 0:1]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
runs=${1:-3}
shift || true
bench_build
for r in $(seq 1 "$runs"); do
  echo "run $r of $runs ..." >&2
  start=$SECONDS
  "$bench_home/wsbench" run --out "$bench_work/run$r" "$@" > "$bench_work/run$r.log" 2>&1 \
    || { tail -n 20 "$bench_work/run$r.log" >&2; exit 1; }
  echo $((SECONDS - start)) > "$bench_work/run$r.seconds"
done
python3 - "$bench_work" "$runs" <<'PY'
import json, statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
rows, walls = {}, []
for r in range(1, runs + 1):
    run = json.load(open(f"{work}/run{r}/run.json"))
    walls.append(float(open(f"{work}/run{r}.seconds").read()))
    by = {}
    for p in run["points"]:
        key = f"{p['target']['label']} @ {p['load']['users']} users"
        by.setdefault(key, []).append((p["throughput"], p["latencyMicros"]["mean"]))
    def half_range(v):
        med = statistics.median(v)
        return 100 * (max(v) - min(v)) / 2 / med if med else 0
    for key, v in by.items():
        # the figure the steadiness rule judges: the larger of throughput's and mean latency's
        rows.setdefault(key, []).append(max(half_range([t for t, _ in v]), half_range([m for _, m in v])))
print(f"{'row':<32}" + "".join(f"{'run ' + str(r) + ' ±%':>10}" for r in range(1, runs + 1)) + f"{'worst':>10}")
over = 0
for key, spreads in rows.items():
    over += sum(1 for s in spreads if s > 10)
    print(f"{key:<32}" + "".join(f"{s:>10.1f}" for s in spreads) + f"{max(spreads):>10.1f}")
cells = sum(len(s) for s in rows.values())
print(f"rows over ±10%: {over} of {cells}; wall time per run: median {statistics.median(walls):.0f} s "
      f"({min(walls):.0f}-{max(walls):.0f})")
PY
