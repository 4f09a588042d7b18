#!/usr/bin/env bash
# Coordinated omission: a server on 127.0.0.1 answers in ~1 ms but freezes for 1 s every 10 s.
# At a fixed 1,000 req/s for 30 s, wsbench's open loop (latency from the intended send time) is
# compared with the true distribution and with wrk's closed loop.
#
# The truth follows from the schedule: 30 s is three whole periods, so whatever the phase, 3 s of
# the schedule (10% of the requests) fall into a freeze and wait for its end, uniformly 0-1 s,
# on top of the normal service time; the other 90% see only the service time. So the true
# percentile p above 90 is  base + (p - 90)/10 s, and below 90 it is the service time's own
# (measured here in a calibration run against the same server without freezes).
#   bench/coordinated-omission.sh [RATE=1000] [SECONDS=30]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rate=${1:-1000}; secs=${2:-30}
bench_install wrk:wrk python3:python3
bench_build
port=${PORT:-18092}
calm=$((port + 1))
python3 "$here/freezing-server.py" "$calm" 0 10 $((secs + 60)) & calm_pid=$!
python3 "$here/freezing-server.py" "$port" 1 10 $((secs * 3 + 60)) & frozen_pid=$!
trap 'kill $calm_pid $frozen_pid 2>/dev/null; bench_cleanup' EXIT
sleep 1

echo "calibration: $rate req/s for 10 s without freezes ..." >&2
"$bench_home/wsbench" load "http://127.0.0.1:$calm/" --rate "$rate" -c 20 -d 10s --json > "$bench_work/calm.json"
echo "wsbench open loop: $rate req/s for ${secs}s with a 1 s freeze every 10 s ..." >&2
"$bench_home/wsbench" load "http://127.0.0.1:$port/" --rate "$rate" -c 20 -d "${secs}s" --timeout 10s --json > "$bench_work/open.json"
echo "wrk closed loop: 10 connections for ${secs}s against the same server ..." >&2
wrk -t2 -c10 -d"${secs}s" --latency "http://127.0.0.1:$port/" > "$bench_work/wrk.txt"

python3 - "$bench_work/calm.json" "$bench_work/open.json" "$bench_work/wrk.txt" <<'PY'
import json, re, sys
calm = json.load(open(sys.argv[1]))["latencyMicros"]
open_ = json.load(open(sys.argv[2]))
got = open_["latencyMicros"]
wrk = open(sys.argv[3]).read()

def wrk_ms(label):
    m = re.search(r"^\s*" + re.escape(label) + r"\s+([\d.]+)(us|ms|s)\b", wrk, re.M)
    if not m:
        return None
    v, unit = float(m.group(1)), m.group(2)
    return v / 1000 if unit == "us" else v * 1000 if unit == "s" else v

base = calm["p50"] / 1000  # ms
truth = {"p50": calm["p50"] / 1000, "p99": base + 900.0, "p999": base + 990.0, "max": base + 1000.0}
wrk_values = {"p50": wrk_ms("50%"), "p99": wrk_ms("99%"), "p999": None, "max": None}
m = re.search(r"Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s)", wrk)
if m:
    v, unit = float(m.group(1)), m.group(2)
    wrk_values["max"] = v / 1000 if unit == "us" else v * 1000 if unit == "s" else v
print(f"requests: wsbench {open_['requests']:,} at {open_['throughput']:,.0f} valid req/s, errors {sum(open_['errors'].values())}")
print(f"{'':6} {'truth ms':>10} {'wsbench --rate ms':>18} {'error':>8} {'wrk (closed) ms':>16}")
worst = 0
for k in ("p50", "p99", "p999", "max"):
    w = got[k] / 1000
    err = (w - truth[k]) / truth[k]
    if k != "max":
        worst = max(worst, abs(err))
    wv = wrk_values[k]
    print(f"{k:6} {truth[k]:>10.2f} {w:>18.2f} {100 * err:>+7.1f}% {('-' if wv is None else f'{wv:.2f}'):>16}")
print(f"worst error of wsbench from p50 to p99.9: {100 * worst:.1f}% (goal: within 5%)")
PY
