#!/usr/bin/env bash
# Whether `wsbench capacity` finds a capacity the bench sets (issue 34, "Speed and accuracy"), and
# whether a ramped open loop sends what its ramp asks, second by second.
#  1. bench/WorkersServer.java answers with W workers, each answer taking S ms, so it serves at most
#     W / S; the search runs against it at an SLO of p99 < 10 x S for three settings, and the script
#     prints the capacity found against W / S (goal: within 10%), the probes and the wall time.
#  2. A ramp against nginx (0 -> 4,000/s over 5 s, 4,000/s for 5 s, a step down to 1,000/s for 3 s):
#     each second's requests sent beside those the ramp made due (goal: within 1% every second).
# The server and wsbench run on separate cores where there are two. A benchmark, not a test.
#   bench/capacity.sh [PROBE=3s] [SETTLE=1s]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
probe=${1:-3s}; settle=${2:-1s}
bench_install nginx:nginx taskset:util-linux curl:curl python3:python3
bench_build
last=$(($(nproc) - 1))
server_cpus="0-$((last > 0 ? last - 1 : 0))"; generator_cpus=$last
port=${PORT:-18095}

echo "capacity search: SLO p99 < 10 x S, probes of $probe after $settle of settling, precision 5%"
printf '%-22s %12s %12s %8s %8s %10s  %s\n' "server" "W/S (req/s)" "found" "x W/S" "probes" "wall s" "interval"
for setting in "4 5" "8 2" "2 20"; do
  set -- $setting; w=$1; s=$2
  truth=$((w * 1000 / s))
  taskset -c "$server_cpus" java "$here/WorkersServer.java" "$port" "$w" "$s" 600 > "$bench_work/server.out" &
  server=$!
  for _ in $(seq 100); do grep -q ready "$bench_work/server.out" 2>/dev/null && break; sleep 0.1; done
  start=$(date +%s.%N)
  taskset -c "$generator_cpus" "$bench_home/wsbench" capacity "http://127.0.0.1:$port/" --slo "p99<$((10 * s))ms" \
      --slo 'errors<0.1%' --start-rate $((truth / 8)) -c $((w * 25)) -d "$probe" --settle "$settle" --json \
      > "$bench_work/capacity.json" 2> "$bench_work/capacity.err"
  end=$(date +%s.%N)
  kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true
  python3 - "$bench_work/capacity.json" "$w" "$s" "$truth" "$start" "$end" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["capacity"]
w, s, truth, start, end = sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
found = c.get("rate") or 0
interval = c.get("interval") or []
print(f"{w + ' workers x ' + s + ' ms':22} {truth:12,.0f} {found:12,.0f} {found / truth:8.3f} {len(c['probes']):8d} "
      f"{end - start:10.0f}  {' - '.join(f'{x:,.0f}' if x else 'none' for x in interval)}"
      + (f"  {c['limitedBy']}" if c.get("limitedBy") else ""))
PY
done

echo
echo "ramped open loop against nginx: requests sent in each second beside those the ramp made due"
url=$(bench_nginx $((port + 1)) 4096)
taskset -c "$generator_cpus" "$bench_home/wsbench" load "$url" -c 50 --stages 5s:4000/s,5s:4000/s,0s:1000/s,3s:1000/s --json \
    > "$bench_work/ramp.json"
python3 - "$bench_work/ramp.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
worst = 0
print(f"{'second':>6} {'due':>8} {'sent':>8} {'answered':>9} {'p50 ms':>8} {'p99 ms':>8} {'sent/due':>9}")
for s in p["series"]:
    due, sent = s.get("offered") or 0, s.get("sent") or 0
    if due == 0:
        continue
    worst = max(worst, abs(sent / due - 1))
    print(f"{s['second']:6d} {due:8,.0f} {sent:8,d} {s['requests']:9,d} {s.get('p50Micros', 0) / 1000:8.3f} "
          f"{s['p99Micros'] / 1000:8.3f} {sent / due:9.4f}")
print(f"worst second: sent {100 * worst:.2f}% off what was due (goal: within 1%); {p['requests']:,} answered, "
      f"{p['unfinished']:,} unfinished, {p['errors']['connect'] + p['errors']['timeout']} connect/timeout errors")
PY
