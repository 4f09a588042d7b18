#!/usr/bin/env bash
# Whether wsbench's hold of the idle cores (issue 65, item 4) costs a saturated server nothing and keeps
# what it gains at 1 user: nginx (one worker, pinned to the last core) loaded by `wsbench load` pinned to
# the other cores, at 1 user and at SATURATED users, each with the cores
#   never held   (--no-cores-awake),
#   as wsbench holds them by default (per point: held for the points that leave the cores idle),
#   always held  (--no-cores-awake, and /dev/cpu_dma_latency held at 0 by this script for the point),
# the three in a random order in every round. Prints the machine's cpuidle driver (the hold means
# nothing where it is "none"), each configuration's req/s (median, min-max), what each point's record
# says its cores did, and the ratios the issue asks for: default/never when saturated (within 2%) and
# default/always at 1 user (within 5%). Needs root for the hold. A benchmark, not a test.
#   bench/cores-hold.sh [SECONDS=5] [ROUNDS=3] [SATURATED=10]
BENCH_HOLD=0 # this script holds the cores itself, per configuration
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
secs=${1:-5}; rounds=${2:-3}; saturated=${3:-10}
driver=$(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none)
echo "cpuidle driver: $driver; $(nproc) cores; kernel $(uname -r)"
[ -w /dev/cpu_dma_latency ] || echo "warning: /dev/cpu_dma_latency is not writable here (root?): no configuration can hold" >&2
bench_install nginx:nginx
url=$(bench_nginx "${PORT:-18093}")
last=$(($(nproc) - 1))
taskset -pc "$last" "$(cat "$bench_work/nginx.pid")" >/dev/null
clients="0-$((last > 0 ? last - 1 : 0))"
bench_build
results="$bench_work/results.tsv"; : > "$results"
for r in $(seq 1 "$rounds"); do
  for users in 1 "$saturated"; do
    for config in $(printf '%s\n' never default always | shuf); do
      echo "round $r: $users users, $config ..." >&2
      args=(); [ "$config" != default ] && args=(--no-cores-awake)
      [ "$config" = always ] && { exec 8>/dev/cpu_dma_latency && printf 0 >&8; } 2>/dev/null
      taskset -c "$clients" "$bench_home/wsbench" load "$url" -c "$users" -d "${secs}s" --json "${args[@]}" \
        > "$bench_work/point.json" 2>/dev/null || { echo "load failed" >&2; exit 1; }
      [ "$config" = always ] && exec 8>&-
      python3 - "$bench_work/point.json" "$users" "$config" >> "$results" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
print(sys.argv[2], sys.argv[3], p["throughput"], (p.get("generator") or {}).get("idleCores", "-"), sep="\t")
PY
    done
  done
done
python3 - "$results" "$saturated" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    users, config, tput, cores = line.rstrip("\n").split("\t")
    rows.setdefault((int(users), config), []).append((float(tput), cores))
med = {k: statistics.median(t for t, _ in v) for k, v in rows.items()}
print(f"{'users':>6} {'cores':<8} {'req/s median (min-max)':>30}  point's idleCores")
for (users, config), v in sorted(rows.items()):
    ts = [t for t, _ in v]
    print(f"{users:>6} {config:<8} {f'{med[(users, config)]:,.0f} ({min(ts):,.0f}-{max(ts):,.0f})':>30}  {','.join(sorted(set(c for _, c in v)))}")
sat = int(sys.argv[2])
if (sat, "default") in med and (sat, "never") in med:
    print(f"saturated ({sat} users): default/never {med[(sat, 'default')] / med[(sat, 'never')]:.3f} (goal: within 2%),"
          f" always/never {med[(sat, 'always')] / med[(sat, 'never')]:.3f}")
if (1, "default") in med and (1, "always") in med:
    print(f"1 user: default/always {med[(1, 'default')] / med[(1, 'always')]:.3f} (goal: within 5%),"
          f" always/never {med[(1, 'always')] / med[(1, 'never')]:.3f}")
PY
