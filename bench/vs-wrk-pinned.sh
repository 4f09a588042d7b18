#!/usr/bin/env bash
# Issue 65's item 3 as it asks: `wsbench load URL -c 10 -d 10s` with no option against wrk and
# bombardier, nginx (one worker) pinned to core 0 and each client to core 1, 10 keep-alive
# connections, 10 s each, ROUNDS rounds rotated (wrk bombardier wsbench, then bombardier wsbench wrk,
# ...). Prints the cpuidle driver it ran on, then the table: throughput, client CPU, requests per
# client CPU-second, peak RSS, each as median (min-max), and every tool's ratio to wrk (medians of
# per-round ratios). bombardier is installed with `go install` on first use.
#   bench/vs-wrk-pinned.sh [SECONDS=10] [ROUNDS=3]
# As shipped: the script holds no core for anyone (BENCH_HOLD=0, unlike the other bench scripts), so wrk and
# bombardier idle as the OS lets them and wsbench as its own --cores-awake decides per point (10 connections on
# 2 cores: it lets go). A hold costs a saturated nginx about a tenth of its rate whoever loads it
# (bench/cores-hold.sh), so holding for every tool (BENCH_HOLD=1) measures another machine than wrk's users have.
export BENCH_HOLD=${BENCH_HOLD:-0}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
secs=${1:-10}; rounds=${2:-3}; conns=10
bench_install nginx:nginx wrk:wrk time:time
if ! command -v bombardier >/dev/null; then
  echo "installing bombardier (go install) ..." >&2
  GOBIN=/usr/local/bin go install github.com/codesenberg/bombardier@v1.2.6 >&2
fi
url=$(bench_nginx "${PORT:-18097}")
bench_build
for pid in $(pgrep -f "nginx: (master|worker)"); do taskset -pc 0 "$pid" >/dev/null; done
echo "cpuidle driver: $(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none); nginx on core 0, clients on core 1; cores held by the script: $([ "$BENCH_HOLD" = 1 ] && echo yes || echo no)" >&2
results="$bench_work/results.tsv"
: > "$results"
run() { # TOOL
  case $1 in
    wrk)
      bench_timed "$bench_work/time" taskset -c 1 wrk -t1 -c"$conns" -d"${secs}s" "$url" > "$bench_work/out" 2>&1
      n=$(awk '/requests in/ {print $1}' "$bench_work/out") ;;
    bombardier)
      bench_timed "$bench_work/time" taskset -c 1 bombardier -c "$conns" -d "${secs}s" -o json -p r "$url" > "$bench_work/out" 2>/dev/null
      n=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["result"]; print(sum(r[k] for k in ("req1xx","req2xx","req3xx","req4xx","req5xx")))' "$bench_work/out") ;;
    wsbench)
      # the command as the issue gives it, no --json (its JSON costs a start about 0.06 CPU-s): the count from its summary
      bench_timed "$bench_work/time" taskset -c 1 "$bench_home/wsbench" load "$url" -c "$conns" -d "${secs}s" > "$bench_work/out"
      n=$(awk '$1 == "requests" { gsub(",", "", $2); print $2; exit }' "$bench_work/out") ;;
  esac
  read -r u s m < "$bench_work/time"
  echo -e "$1\t$n\t$u\t$s\t$m\t$secs" >> "$results"
}
tools=(wrk bombardier wsbench)
for r in $(seq 1 "$rounds"); do
  for i in 0 1 2; do
    t=${tools[$(( (i + r - 1) % 3 ))]}
    echo "round $r: $t ..." >&2
    run "$t"
  done
done
sort -s -t$'\t' -k1,1 "$results" | awk -F'\t' '$1=="wrk"' > "$bench_work/sorted.tsv"
awk -F'\t' '$1!="wrk"' "$results" >> "$bench_work/sorted.tsv"
python3 "$here/table.py" "$bench_work/sorted.tsv"
