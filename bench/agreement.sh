#!/usr/bin/env bash
# Do wsbench and wrk agree? Against nginx at moderate load (2 keep-alive connections, so neither
# the server nor the client is saturated), compares mean and p50 latency and throughput, ROUNDS
# times interleaved, and prints wsbench / wrk for each. The goal is agreement within 10%.
#   bench/agreement.sh [CONNECTIONS=2] [SECONDS=10] [ROUNDS=3]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
conns=${1:-2}; secs=${2:-10}; rounds=${3:-3}
bench_install nginx:nginx wrk:wrk
url=$(bench_nginx "${PORT:-18094}")
bench_build
: > "$bench_work/pairs"
for r in $(seq 1 "$rounds"); do
  echo "round $r ..." >&2
  wrk -t1 -c"$conns" -d"${secs}s" --latency "$url" > "$bench_work/wrk.txt"
  "$bench_home/wsbench" load "$url" -c "$conns" -d "${secs}s" --threads 1 --expect 'Hello World' --json > "$bench_work/ws.json"
  python3 - "$bench_work/wrk.txt" "$bench_work/ws.json" >> "$bench_work/pairs" <<'PY'
import json, re, sys
wrk = open(sys.argv[1]).read()
ws = json.load(open(sys.argv[2]))
def ms(text):
    v, unit = float(text[0]), text[1]
    return v / 1000 if unit == "us" else v * 1000 if unit == "s" else v
mean = ms(re.search(r"Latency\s+([\d.]+)(us|ms|s)", wrk).groups())
p50 = ms(re.search(r"^\s*50%\s+([\d.]+)(us|ms|s)", wrk, re.M).groups())
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", wrk).group(1))
print(mean, p50, rps, ws["latencyMicros"]["mean"] / 1000, ws["latencyMicros"]["p50"] / 1000, ws["throughput"])
PY
done
python3 - "$bench_work/pairs" <<'PY'
import statistics as st, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
names = ["mean latency ms", "p50 latency ms", "throughput req/s"]
print(f"{'':18} {'wrk median':>12} {'wsbench median':>15} {'wsbench / wrk (min-max)':>26}")
for i, n in enumerate(names):
    w = [r[i] for r in rows]; b = [r[i + 3] for r in rows]
    ratios = [y / x for x, y in zip(w, b)]
    print(f"{n:18} {st.median(w):>12.3f} {st.median(b):>15.3f} {st.median(ratios):>10.3f} ({min(ratios):.3f}-{max(ratios):.3f})")
print("wsbench's latency runs from writing the request to parsing the whole answer on its I/O thread;"
      " wrk's the same in C. The JVM adds a little per request (JIT-compiled code, GC pauses in the tail).")
PY
