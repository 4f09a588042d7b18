#!/usr/bin/env bash
# What the JVM monitors cost the server: one direct-stack server, loaded by `wsbench load` for
# DURATION seconds at a time, ROUNDS times each in turn: without any look inside it (--monitor
# proc); with a Flight Recorder recording holding exactly the jfr monitor's settings (execution
# samples every 10 ms, every exception created, with its stack: what a run did before the
# profiler); and with every monitor a run uses now (proc,jvm,jfr,profile: Flight Recorder
# and async-profiler sampling each thread's CPU every 4 ms, allocations every 512 KB, contended locks, loaded
# as the profile monitor loads it). Prints
# throughput and server CPU-µs per request of each round, and the medians with min-max. A
# benchmark, not a test: on a busy machine the spread says how far to trust the difference.
#   bench/monitor-overhead.sh [PATH=/hello/xmlservice?method=hello] [DURATION=5] [ROUNDS=5] [USERS=5]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
home=$(dirname "$here")
path=${1:-/hello/xmlservice?method=hello}; secs=${2:-5}; rounds=${3:-5}; users=${4:-5}
port=${PORT:-18091}
[ -d "$home/cli/target/lib" ] && [ -d "$home/stacks/direct/target/stack/lib" ] \
  || (cd "$home" && mvn -B -q -o -DskipTests package)

work=$(mktemp -d)
cat > "$work/monitor.jfc" <<'JFC'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0" label="wsbench monitor">
  <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">10 ms</setting></event>
  <event name="jdk.JavaExceptionThrow"><setting name="enabled">true</setting><setting name="stackTrace">true</setting></event>
  <event name="jdk.GarbageCollection"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
</configuration>
JFC
# the profile monitor's agent and settings (AsyncProfiler.java)
unzip -p "$(ls "$home"/cli/target/lib/async-profiler-*.jar | head -n 1)" linux-x64/libasyncProfiler.so > "$work/libasyncProfiler.so"
profiler='start,event=ctimer,interval=4000000,alloc=512k,lock=100us,jfr,file='"$work/profile.jfr"
java -Xms256m -Xmx512m -XX:+UseParallelGC -Dio.netty.leakDetection.level=disabled \
  -cp "$home/stacks/direct/target/stack/lib/*" io.wsbench.stacks.direct.DirectServer --port "$port" >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
sleep 2

load() { # prints "throughput cpu-µs-per-request"; $1: the monitors
  java -XX:+UseParallelGC -Dio.netty.leakDetection.level=disabled -cp "$(ls "$home"/cli/target/wsbench-cli-*.jar | grep -v -- -tests.jar | head -n 1):$home/cli/target/lib/*" \
    -Dwsbench.home="$home" io.wsbench.cli.Main load "http://127.0.0.1:$port$path" -c "$users" -d "${secs}s" \
    --warmup 2000 --server-pid "$server" --monitor "${1:-proc}" --json \
  | python3 -c 'import json,sys; p=json.load(sys.stdin); print("%.0f %.1f" % (p["throughput"], p["server"]["cpuPercent"]*1e4/p["throughput"]))'
}

load >/dev/null # JIT warm-up, not counted
: >"$work/off"; : >"$work/on"; : >"$work/all"
for r in $(seq "$rounds"); do
  off=$(load); echo "$off" >>"$work/off"
  jcmd "$server" JFR.start name=monitor settings="$work/monitor.jfc" >/dev/null
  on=$(load); echo "$on" >>"$work/on"
  jcmd "$server" JFR.stop name=monitor >/dev/null
  jcmd "$server" JFR.start name=monitor settings="$work/monitor.jfc" >/dev/null
  jcmd "$server" JVMTI.agent_load "$work/libasyncProfiler.so" "\"$profiler\"" >/dev/null
  all=$(load); echo "$all" >>"$work/all"
  jcmd "$server" JVMTI.agent_load "$work/libasyncProfiler.so" "\"stop,file=$work/profile.jfr\"" >/dev/null
  jcmd "$server" JFR.stop name=monitor >/dev/null
  echo "round $r: without $off   jfr $on   all monitors $all   (req/s, server CPU-us per request)"
done
python3 - "$work/off" "$work/on" "$work/all" <<'PY'
import statistics, sys
rows = [[list(map(float, l.split())) for l in open(f) if l.strip()] for f in sys.argv[1:4]]
for name, col in (("req/s", 0), ("server CPU-us/request", 1)):
    off, jfr, every = ([r[col] for r in rows[i]] for i in range(3))
    mo, mj, ma = statistics.median(off), statistics.median(jfr), statistics.median(every)
    print("%-22s without %9.1f (%.1f-%.1f)   jfr %9.1f (%.1f-%.1f) %.3fx   all monitors %9.1f (%.1f-%.1f) %.3fx"
          % (name, mo, min(off), max(off), mj, min(jfr), max(jfr), mj / mo, ma, min(every), max(every), ma / mo))
PY
