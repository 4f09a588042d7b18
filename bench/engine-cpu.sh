#!/usr/bin/env bash
# The generator's CPU per request of two builds of wsbench, as their jars are (each DIR holds a
# wsbench-cli-*.jar and its lib/, e.g. copies of cli/target made before and after a change), so one
# build need not be checked out to run beside the other. nginx (one worker, 62-byte hello) on core 0,
# the client on the last core; `load URL -c CONNS` warmed until steady, then SECS seconds timed, its
# CPU the point's own (run.json's generator.cpuSeconds: the JVM's start and the warm-up left out).
# RUNS runs of each, interleaved A B, B A, A B, ... so a drift of the machine falls on both.
# Prints every run and, per build, the median of req/s and of requests per client CPU-second, then
# B/A of the medians and the median of the paired (same round) ratios.
# H2=1: over h2c instead (--http2 --streams 8, CONNS users on CONNS/8 connections).
#   [CONNS=10] [H2=1] bench/engine-cpu.sh DIR_A DIR_B [SECS=10] [RUNS=5]
# Run it under the machine's CPU lock when others share it: flock /tmp/wsbench-cpu.lock bench/engine-cpu.sh ...
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
a=${1:?usage: engine-cpu.sh DIR_A DIR_B [SECS] [RUNS]}; b=${2:?usage: engine-cpu.sh DIR_A DIR_B [SECS] [RUNS]}
secs=${3:-10}; runs=${4:-5}; conns=${CONNS:-10}
bench_install nginx:nginx taskset:util-linux curl:curl
last=$(($(nproc) - 1))
if [ "${H2:-0}" = 1 ]; then
  bench_install openssl:openssl
  bench_h2_nginx
  url="http://127.0.0.1:$port/hello.xml"; opts=(--http2 --streams 8)
else
  url=$(bench_nginx "${PORT:-18197}"); opts=()
fi
for pid in $(cat "$bench_work/nginx.pid") $(pgrep -P "$(cat "$bench_work/nginx.pid")"); do taskset -pc 0 "$pid" >/dev/null; done
echo "cpuidle driver: $(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none); nginx on core 0, client on core $last; $url -c $conns ${opts[*]}" >&2

# the launcher's JVM options (./wsbench), less its class-data archive: both builds start alike
run() { # DIR -> "req/s validated cpuSeconds"
  local dir=$1 jar
  jar=$(ls "$dir"/wsbench-cli-*.jar | grep -v -- '-tests.jar$' | head -n 1)
  taskset -c "$last" java -XX:+UseParallelGC -Xms256m -XX:GCTimeRatio=19 -XX:CompileThresholdScaling=2 \
    -Dio.netty.leakDetection.level=disabled -Dio.netty.jfr.enabled=false -Dpicocli.disable.closures=true \
    -Xlog:disable -Xlog:all=warning:stderr -Dwsbench.home="$dir" -cp "$jar:$dir/lib/*" io.wsbench.cli.Main \
    load "$url" -c "$conns" "${opts[@]}" -d "${secs}s" --warmup auto --expect 'Hello World' --json > "$bench_work/out"
  python3 - "$bench_work/out" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
assert sum(p['errors'].values()) == 0, p['errors']
print(p['throughput'], p['validated'], p['generator']['cpuSeconds'])
PY
}

rows="$bench_work/rows"; : > "$rows"
for r in $(seq 1 "$runs"); do
  if [ $((r % 2)) = 1 ]; then order="A B"; else order="B A"; fi
  for side in $order; do
    dir=$a; [ "$side" = B ] && dir=$b
    echo "run $r: $side ($dir) ..." >&2
    echo "$r $side $(run "$dir")" >> "$rows"
  done
done
python3 - "$rows" "$a" "$b" "$secs" <<'PY'
import statistics as st, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
by = {}
for r, side, tput, ok, cpu in rows:
    by.setdefault(side, {})[int(r)] = (float(tput), float(ok) / float(cpu))
print("%s s points, warmed; A = %s, B = %s" % (sys.argv[4], sys.argv[2], sys.argv[3]))
print("%-4s %12s %12s %18s %18s" % ("run", "A req/s", "B req/s", "A req/CPU-s", "B req/CPU-s"))
rounds = sorted(set(by["A"]) & set(by["B"]))
for r in rounds:
    print("%-4d %12.0f %12.0f %18.0f %18.0f" % (r, by["A"][r][0], by["B"][r][0], by["A"][r][1], by["B"][r][1]))
for i, name in ((0, "req/s"), (1, "requests per client CPU-second")):
    ma, mb = st.median(by["A"][r][i] for r in rounds), st.median(by["B"][r][i] for r in rounds)
    paired = [by["B"][r][i] / by["A"][r][i] for r in rounds]
    print("%-31s median A %.0f, B %.0f; B/A of medians %.3f; paired B/A median %.3f (%.3f-%.3f)"
          % (name, ma, mb, mb / ma, st.median(paired), min(paired), max(paired)))
PY
