#!/usr/bin/env bash
# Is the default run steady? Runs `./wsbench run` (the default suite, as a newcomer does) RUNS
# times, then prints each row's spread as the summary table computes it (half the min-max range of
# its repeats over their median, of throughput or mean latency, whichever is larger) in every run,
# the worst run of each row, and how many rows went over 10%, with each run's wall time. A
# benchmark, not a test: the machine's other load moves these figures.
#
# After each run, a control: the same grid (four endpoints x 1 and 5 connections x 3 repeats of
# 3 s, repeats outermost as the suite interleaves them) driven by wrk -t1 instead of wsbench, on a
# direct-stack server placed as cpus: auto places it (the server on all cores but the last, the
# client on the last). If wrk's rows spread as much as wsbench's at the same moment, the machine
# moved them, not the generator. WRK=0 skips the control.
#   bench/default-spread.sh [RUNS=3] [extra run options, e.g. --cpus 0:1]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
runs=${1:-3}
shift || true
control=${WRK:-1}
[ "$control" = 1 ] && bench_install wrk:wrk taskset:util-linux curl:curl
bench_build
last=$(($(nproc) - 1))
port=${PORT:-18093}

# the four targets of suites/default.yaml, as wrk sends them (SOAP by a Lua script: POST, SOAPAction)
soap_lua=$(bench_soap_lua)
wrk_targets=("SOAP|/hello/soap|-s $soap_lua" "REST inline|/hello/xmlservice?method=hello|"
             "JSON|/hello/service?method=hello&returnformat=json|" "plain|/hello/service?method=hello&returnformat=plain|")

wrk_control() {  # wrk_control RUN: writes run$1.wrk, "label<TAB>users<TAB>req/s" per point
  local out=$bench_work/run$1.wrk port=$((port + $1))  # a port per run: the last server may still be closing
  : > "$out"
  taskset -c "0-$((last > 0 ? last - 1 : 0))" "$bench_home/wsbench" serve direct --port "$port" \
    > "$bench_work/serve$1.log" 2>&1 &
  local server=$!
  for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$port/ready" >/dev/null && break; sleep 0.2; done
  curl -sf "http://127.0.0.1:$port/ready" >/dev/null || { cat "$bench_work/serve$1.log" >&2; exit 1; }
  for t in "${wrk_targets[@]}"; do  # warm each endpoint as the suite does (5 users)
    IFS='|' read -r label path script <<< "$t"
    taskset -c "$last" wrk -t1 -c5 -d3s $script "http://127.0.0.1:$port$path" > /dev/null
  done
  for rep in 1 2 3; do
    for t in "${wrk_targets[@]}"; do
      IFS='|' read -r label path script <<< "$t"
      for users in 1 5; do
        taskset -c "$last" wrk -t1 -c"$users" -d3s $script "http://127.0.0.1:$port$path" > "$bench_work/wrk.out"
        # a rate of error answers is no control: wrk counts them as requests
        if grep -q "Non-2xx\|Socket errors" "$bench_work/wrk.out"; then cat "$bench_work/wrk.out" >&2; exit 1; fi
        rps=$(awk '/^Requests\/sec/ {print $2}' "$bench_work/wrk.out")
        printf '%s\t%s\t%s\n' "$label" "$users" "$rps" >> "$out"
      done
    done
  done
  kill "$server"; wait "$server" 2>/dev/null || true
}

for r in $(seq 1 "$runs"); do
  echo "run $r of $runs ..." >&2
  start=$SECONDS
  "$bench_home/wsbench" run --out "$bench_work/run$r" "$@" > "$bench_work/run$r.log" 2>&1 \
    || { tail -n 20 "$bench_work/run$r.log" >&2; exit 1; }
  echo $((SECONDS - start)) > "$bench_work/run$r.seconds"
  if [ "$control" = 1 ]; then
    echo "run $r of $runs: the wrk control ..." >&2
    wrk_control "$r"
  fi
done
python3 - "$bench_work" "$runs" "$control" <<'PY'
import json, statistics, sys
work, runs, control = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
rows, walls, wrk = {}, [], {}
def half_range(v):
    med = statistics.median(v)
    return 100 * (max(v) - min(v)) / 2 / med if med else 0
for r in range(1, runs + 1):
    run = json.load(open(f"{work}/run{r}/run.json"))
    walls.append(float(open(f"{work}/run{r}.seconds").read()))
    by = {}
    for p in run["points"]:
        key = f"{p['target']['label']} @ {p['load']['users']} users"
        by.setdefault(key, []).append((p["throughput"], p["latencyMicros"]["mean"]))
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
if control:
    for r in range(1, runs + 1):
        by = {}
        for line in open(f"{work}/run{r}.wrk"):
            label, users, rps = line.rstrip("\n").split("\t")
            by.setdefault(f"{label} @ {users} users", []).append(float(rps))
        for key, v in by.items():
            wrk.setdefault(key, []).append(half_range(v))
    print()
    print("the control, right after each run: wrk -t1 on the same grid, same placement (throughput)")
    print(f"{'row':<32}" + "".join(f"{'run ' + str(r) + ' ±%':>10}" for r in range(1, runs + 1)) + f"{'worst':>10}")
    for key, spreads in wrk.items():
        print(f"{key:<32}" + "".join(f"{s:>10.1f}" for s in spreads) + f"{max(spreads):>10.1f}")
    wover = sum(1 for s in wrk.values() for x in s if x > 10)
    print(f"wrk rows over ±10%: {wover} of {sum(len(s) for s in wrk.values())}")
PY
