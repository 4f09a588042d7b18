#!/usr/bin/env bash
# Do wsbench and wrk agree? Both on one I/O thread against nginx (one worker), alternating, ROUNDS
# times; prints the medians and wsbench / wrk for mean latency, p50 latency and throughput.
#
#   1. moderate load: nginx's echo module answers after 1 ms (SLEEP), 10 connections. The server
#      sets the latency, as in a real benchmark; the goal is agreement within 10%.
#   2. the generators' own floor: the static 62-byte file at 2 connections. A round trip takes
#      ~50 µs here, so a few µs of system calls in a generator's loop show as latency, and this
#      part measures the generators more than nginx (see the note it prints).
#
#   bench/agreement.sh [SECONDS=10] [ROUNDS=3] [SLEEP=0.001]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
secs=${1:-10}; rounds=${2:-3}; bench_nginx_sleep=${3:-0.001}
bench_install nginx:nginx wrk:wrk "$bench_echo_module:libnginx-mod-http-echo"
url=$(bench_nginx "${PORT:-18094}")
slow=${url%/hello.xml}/slow.xml
bench_build

# compare NAME URL CONNECTIONS: ROUNDS interleaved pairs, then the table
compare() {
  local name=$1 target=$2 conns=$3
  : > "$bench_work/pairs"
  for r in $(seq 1 "$rounds"); do
    echo "$name, round $r ..." >&2
    wrk -t1 -c"$conns" -d"${secs}s" --latency "$target" > "$bench_work/wrk.txt"
    "$bench_home/wsbench" load "$target" -c "$conns" -d "${secs}s" --threads 1 --expect 'Hello World' --json > "$bench_work/ws.json"
    python3 - "$bench_work/wrk.txt" "$bench_work/ws.json" >> "$bench_work/pairs" <<'PY'
import json, re, sys
wrk = open(sys.argv[1]).read()
ws = json.load(open(sys.argv[2]))
if sum(ws["errors"].values()):
    sys.exit(f"wsbench saw errors: {ws['errors']}")
def ms(text):
    v, unit = float(text[0]), text[1]
    return v / 1000 if unit == "us" else v * 1000 if unit == "s" else v
mean = ms(re.search(r"Latency\s+([\d.]+)(us|ms|s)", wrk).groups())
p50 = ms(re.search(r"^\s*50%\s+([\d.]+)(us|ms|s)", wrk, re.M).groups())
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", wrk).group(1))
print(mean, p50, rps, ws["latencyMicros"]["mean"] / 1000, ws["latencyMicros"]["p50"] / 1000, ws["throughput"])
PY
  done
  echo
  echo "$name"
  python3 - "$bench_work/pairs" <<'PY'
import statistics as st, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
names = ["mean latency ms", "p50 latency ms", "throughput req/s"]
print(f"{'':18} {'wrk median':>12} {'wsbench median':>15} {'wsbench / wrk (min-max)':>26}")
for i, n in enumerate(names):
    w = [r[i] for r in rows]; b = [r[i + 3] for r in rows]
    ratios = [y / x for x, y in zip(w, b)]
    print(f"{n:18} {st.median(w):>12.3f} {st.median(b):>15.3f} {st.median(ratios):>10.3f} ({min(ratios):.3f}-{max(ratios):.3f})")
PY
}

compare "1. moderate load: nginx answers after ${bench_nginx_sleep}s, 10 connections (goal: within 10%)" "$slow" 10
compare "2. the generators' floor: static file, 2 connections" "$url" 2
cat <<'NOTE'

Both count latency from just before the request is written to the end of the answer, and both read
every ready answer before writing the next requests. In part 2 the round trip is so short that the
generators' own loops are a large part of it: per request wrk makes 5 system calls (read, write,
two epoll_ctl to switch between waiting for reading and for writing, epoll_wait), wsbench makes
about 2.5 (recvfrom, sendto, and one epoll_wait per two or three answers). With two connections on
one thread, an answer that arrives while the thread is busy with the other connection waits for
those calls, so each tool's latency there includes some of its own cost, and its throughput is
bounded by it. In part 1 that cost is a few per cent of the 1 ms the server takes.
NOTE
