#!/usr/bin/env bash
# wsbench load vs wrk against nginx (one worker) serving a small static XML on 127.0.0.1.
# Same connections and duration, alternating A B A B, ROUNDS times. Prints throughput, client
# CPU, requests per client CPU-second and the ratios to wrk (and wrk -t1). A benchmark, not a test.
# bench/generators.sh does the same with ab, h2load and siege as well.
#   bench/vs-wrk.sh [CONNECTIONS=10] [SECONDS=10] [ROUNDS=3]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
conns=${1:-10}; secs=${2:-10}; rounds=${3:-3}
bench_install nginx:nginx wrk:wrk time:time
url=$(bench_nginx "${PORT:-18089}")
bench_build
threads=$(nproc)  # wrk's and h2load's; wsbench picks its own (--threads default) unless WSBENCH_THREADS is set
wsb_threads=(${WSBENCH_THREADS:+--threads "$WSBENCH_THREADS"})
results="$bench_work/results.tsv"
: > "$results"
for r in $(seq 1 "$rounds"); do
  echo "round $r: wrk ..." >&2
  bench_timed "$bench_work/time" wrk -t"$threads" -c"$conns" -d"${secs}s" "$url" > "$bench_work/out" 2>&1
  read -r u s m < "$bench_work/time"
  echo -e "wrk\t$(awk '/requests in/ {print $1}' "$bench_work/out")\t$u\t$s\t$m\t$secs" >> "$results"
  # wsbench serves few connections from one thread: wrk with one thread too, for a like-for-like row
  echo "round $r: wrk -t1 ..." >&2
  bench_timed "$bench_work/time" wrk -t1 -c"$conns" -d"${secs}s" "$url" > "$bench_work/out" 2>&1
  read -r u s m < "$bench_work/time"
  echo -e "wrk-t1\t$(awk '/requests in/ {print $1}' "$bench_work/out")\t$u\t$s\t$m\t$secs" >> "$results"
  echo "round $r: wsbench ..." >&2
  bench_timed "$bench_work/time" "$bench_home/wsbench" load "$url" -c "$conns" -d "${secs}s" \
      "${wsb_threads[@]}" --expect 'Hello World' --json > "$bench_work/out"
  read -r u s m < "$bench_work/time"
  echo -e "wsbench\t$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["requests"])' "$bench_work/out")\t$u\t$s\t$m\t$secs" >> "$results"
  # the same run, counting only the CPU of the point itself (first request to last, JIT included)
  python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print("wsbench-point", p["requests"], p["generator"]["cpuSeconds"], 0, *sys.argv[2:], sep="\t")' \
      "$bench_work/out" "$m" "$secs" >> "$results"
done
python3 "$here/table.py" "$results"
