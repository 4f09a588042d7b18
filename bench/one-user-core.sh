#!/usr/bin/env bash
# One user on one core (docs/numbers.md, "One user on one core"): a closed loop of one connection sent from the
# server's own core, or from another core, with and without the idle cores held (/dev/cpu_dma_latency at 0).
# The direct stack's server runs pinned to core 0; `wrk -t1 -c1` loads its SOAP hello and its plain text for SECONDS,
# ROUNDS rounds, the four placements of the client (core 0 or the last core, held or not) in a random order in
# every round. Prints the cpuidle driver, then each target and placement's req/s as median (min-max) and its SD over
# the rounds in percent. With WSBENCH=1 it then runs the default suite twice (about 9 minutes each), with
# `run --one-user apart` and `--one-user together`, in a random order, and prints each run's summary rows.
# A benchmark, not a test; needs two cores, and root for the hold.
#   bench/one-user-core.sh [SECONDS=2] [ROUNDS=10]
BENCH_HOLD=0 # this script holds the cores itself, per placement
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
secs=${1:-2}; rounds=${2:-10}
[ "$(nproc)" -ge 2 ] || { echo "needs two cores" >&2; exit 2; }
last=$(($(nproc) - 1))
echo "cpuidle driver: $(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none); $(nproc) cores; server on core 0"
[ -w /dev/cpu_dma_latency ] || echo "warning: /dev/cpu_dma_latency is not writable here (root?): the held placements hold nothing" >&2
bench_install wrk:wrk taskset:util-linux curl:curl
bench_build
port=${PORT:-18099}
taskset -c 0 "$bench_home/wsbench" serve direct --port "$port" > "$bench_work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; bench_cleanup' EXIT
for _ in $(seq 60); do curl -sf "http://127.0.0.1:$port/ready" >/dev/null && break; sleep 1; done
curl -sf "http://127.0.0.1:$port/ready" >/dev/null || { cat "$bench_work/serve.log" >&2; exit 1; }
soap_lua=$(bench_soap_lua)
soap="http://127.0.0.1:$port/hello/soap"
plain="http://127.0.0.1:$port/hello/service?method=hello&returnformat=plain"
one() { # TARGET CORE HELD: one point, its req/s on stdout
  local script="" url=$plain
  [ "$1" = SOAP ] && script="-s $soap_lua" && url=$soap
  if [ "$3" = held ] && [ -w /dev/cpu_dma_latency ]; then
    exec 3>/dev/cpu_dma_latency
    printf '\x00\x00\x00\x00' >&3
  fi
  taskset -c "$2" wrk -t1 -c1 -d"${secs}s" $script "$url" | awk '/^Requests\/sec/ {print $2}'
  exec 3>&- 2>/dev/null || true
}
echo "warming the server ..." >&2
for t in SOAP plain; do one "$t" "$last" held > /dev/null; one "$t" 0 no > /dev/null; done
: > "$bench_work/points"
for r in $(seq "$rounds"); do
  for p in $(printf '%s\n' 0:no 0:held "$last":no "$last":held | shuf); do
    for t in $(printf '%s\n' SOAP plain | shuf); do
      echo "$t ${p%%:*} ${p##*:} $(one "$t" "${p%%:*}" "${p##*:}")" >> "$bench_work/points"
    done
  done
  echo "round $r of $rounds" >&2
done
python3 - "$bench_work/points" <<'PY'
import statistics as st, sys, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    t, core, held, rps = line.split()
    rows[(t, "server's core" if core == "0" else "another core", "held" if held == "held" else "not held")].append(float(rps))
print(f"{'target':<7} {'client on':<14} {'cores':<9} {'req/s, median (min-max)':>28} {'SD':>7}")
for (t, where, held), v in sorted(rows.items()):
    print(f"{t:<7} {where:<14} {held:<9} {f'{st.median(v):,.0f} ({min(v):,.0f}-{max(v):,.0f})':>28} "
          + (f"{100 * st.stdev(v) / st.mean(v):6.1f}%" if len(v) > 1 else "      -"))
PY
kill $server 2>/dev/null || true
if [ "${WSBENCH:-0}" = 1 ]; then
  # the default suite itself (its 1-user points the question, its 5-user ones a control), once each way
  for mode in $(printf '%s\n' apart together | shuf); do
    echo "== wsbench run --one-user $mode"
    "$bench_home/wsbench" run --one-user "$mode" --no-history --out "$bench_work/run-$mode" | sed -n '/^target/,/^intervals/p'
  done
fi
