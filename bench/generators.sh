#!/usr/bin/env bash
# wsbench load against wrk, ab, h2load and siege, all on nginx (one worker) serving a 62-byte XML
# on 127.0.0.1: the same connections and duration, interleaved (A B C D E A B ...), ROUNDS rounds.
# Prints throughput, client CPU-seconds per 100k requests, requests per client CPU-second and peak
# RSS per tool, each with its median and min-max, and every tool's ratio to wrk. Then wsbench
# alone with 1,000 and 10,000 open connections: RSS and throughput. A benchmark, not a test.
#   bench/generators.sh [CONNECTIONS=10] [SECONDS=10] [ROUNDS=3]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
conns=${1:-10}; secs=${2:-10}; rounds=${3:-3}
bench_install nginx:nginx wrk:wrk ab:apache2-utils h2load:nghttp2-client siege:siege time:time
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true  # as high as this process may go; 10,000 connections need ~10,100
url=$(bench_nginx "${PORT:-18091}" 20000)
bench_build
threads=$(nproc)  # wrk's and h2load's; wsbench picks its own (--threads default) unless WSBENCH_THREADS is set
wsb_threads=(${WSBENCH_THREADS:+--threads "$WSBENCH_THREADS"})
results="$bench_work/results.tsv"
: > "$results"

record() { # TOOL REQUESTS
  read -r u s m < "$bench_work/time"
  echo -e "$1\t$2\t$u\t$s\t$m\t$secs" >> "$results"
}
run_wrk() {
  bench_timed "$bench_work/time" wrk -t"$threads" -c"$conns" -d"${secs}s" "$url" > "$bench_work/out" 2>&1
  record wrk "$(awk '/requests in/ {print $1}' "$bench_work/out")"
}
run_ab() {
  # ab has no duration-only mode worth trusting: -t with a huge -n, keep-alive on
  bench_timed "$bench_work/time" ab -q -k -c "$conns" -t "$secs" -n 100000000 "$url" > "$bench_work/out" 2>&1
  record ab "$(awk '/Complete requests/ {print $3}' "$bench_work/out")"
}
run_h2load() {
  # HTTP/1.1 (nginx here has no h2c), one client thread per core
  bench_timed "$bench_work/time" h2load --h1 -t"$threads" -c"$conns" -D"$secs" "$url" > "$bench_work/out" 2>&1
  record h2load "$(awk '/^requests:/ {print $6}' "$bench_work/out")"
}
run_siege() {
  bench_timed "$bench_work/time" siege -b -q -c"$conns" -t"${secs}S" "$url" > "$bench_work/out" 2>&1 || true
  record siege "$(grep -E '"transactions"|Transactions:' "$bench_work/out" | grep -o '[0-9]\+' | head -n 1)"
}
run_wsbench() {
  bench_timed "$bench_work/time" "$bench_home/wsbench" load "$url" -c "$conns" -d "${secs}s" \
      "${wsb_threads[@]}" --expect 'Hello World' --json > "$bench_work/out"
  record wsbench "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["requests"])' "$bench_work/out")"
}

echo "nginx 1 worker, $url: $conns connections, ${secs}s each, $rounds rounds, client threads $threads (wsbench: ${WSBENCH_THREADS:-its default})" >&2
for r in $(seq 1 "$rounds"); do
  for tool in wrk wsbench ab h2load siege; do
    echo "round $r: $tool ..." >&2
    "run_$tool"
  done
done
python3 "$here/table.py" "$results"

echo
echo "wsbench with many open connections (keep-alive, closed loop, ${secs}s):"
for c in 1000 10000; do
  bench_timed "$bench_work/time" "$bench_home/wsbench" load "$url" -c "$c" -d "${secs}s" "${wsb_threads[@]}" \
      --timeout 60s --json > "$bench_work/out"
  read -r u s m < "$bench_work/time"
  python3 - "$bench_work/out" "$c" "$m" "$u" "$s" <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); c, rss, cpu = sys.argv[2], int(sys.argv[3]) / 1024, float(sys.argv[4]) + float(sys.argv[5])
e = p["errors"]; errs = sum(e.values())
print(f"  {int(c):>6,} connections: {p['throughput']:>10,.0f} req/s, peak RSS {rss:,.0f} MB, "
      f"client CPU {cpu:.1f} s, p99 {p['latencyMicros']['p99'] / 1000:.1f} ms, errors {errs}")
PY
done
