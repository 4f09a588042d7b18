#!/usr/bin/env bash
# What the JVM monitor costs the server: one direct-stack server, loaded by `wsbench load` for
# DURATION seconds at a time, alternating without and with a Flight Recorder recording holding
# exactly the monitor's settings (execution samples every 10 ms, every exception created, with
# its stack), ROUNDS times. Prints throughput and server CPU-µs per request of each round, and
# the medians with min-max. A benchmark, not a test: on a busy machine the spread says how far
# to trust the difference.
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
</configuration>
JFC
java -Xms256m -Xmx512m -XX:+UseParallelGC -Dio.netty.leakDetection.level=disabled \
  -cp "$home/stacks/direct/target/stack/lib/*" io.wsbench.stacks.direct.DirectServer --port "$port" >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
sleep 2

load() { # prints "throughput cpu-µs-per-request"
  java -XX:+UseParallelGC -Dio.netty.leakDetection.level=disabled -cp "$(ls "$home"/cli/target/wsbench-cli-*.jar):$home/cli/target/lib/*" \
    -Dwsbench.home="$home" io.wsbench.cli.Main load "http://127.0.0.1:$port$path" -c "$users" -d "${secs}s" \
    --warmup 2000 --server-pid "$server" --json \
  | python3 -c 'import json,sys; p=json.load(sys.stdin); print("%.0f %.1f" % (p["throughput"], p["server"]["cpuPercent"]*1e4/p["throughput"]))'
}

load >/dev/null # JIT warm-up, not counted
: >"$work/off"; : >"$work/on"
for r in $(seq "$rounds"); do
  off=$(load); echo "$off" >>"$work/off"
  jcmd "$server" JFR.start name=monitor settings="$work/monitor.jfc" >/dev/null
  on=$(load); echo "$on" >>"$work/on"
  jcmd "$server" JFR.stop name=monitor >/dev/null
  echo "round $r: without $off   with $on   (req/s, server CPU-us per request)"
done
python3 - "$work/off" "$work/on" <<'PY'
import statistics, sys
rows = [[list(map(float, l.split())) for l in open(f) if l.strip()] for f in sys.argv[1:3]]
for name, col in (("req/s", 0), ("server CPU-us/request", 1)):
    off = [r[col] for r in rows[0]]; on = [r[col] for r in rows[1]]
    mo, mn = statistics.median(off), statistics.median(on)
    print("%-22s without %9.1f (%.1f-%.1f)   with %9.1f (%.1f-%.1f)   with/without %.3f"
          % (name, mo, min(off), max(off), mn, min(on), max(on), mn / mo))
PY
