#!/usr/bin/env bash
# Duet benchmarking (Bulej et al., ICPE 2020) against interleaved rounds, on this machine, for issue 46
# item 6: an A/A pair (two direct-stack servers of the same build, the same request) measured ROUNDS
# times each way, the two ways in a random order within each round:
#   interleaved: A's point, then B's (in a random order), each alone, SECONDS each;
#   duet:        A's and B's points at the same time, SECONDS.
# Server A on core 0, B on core 1; A's generator (wrk -t1) on core 1, B's on core 0, in both ways, so
# that each side has its own server core and a generator share. Prints, per way, B/A's median over the
# rounds, its spread and the 95% interval of its centre (Student's t on the logs), and how wide the
# duet's interval is against the interleaved one's. A benchmark, not a test.
#   bench/duet.sh [ROUNDS=15] [SECONDS=3] [CONNECTIONS=4]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rounds=${1:-15}; secs=${2:-3}; conns=${3:-4}
bench_install wrk:wrk taskset:util-linux
bench_build
[ "$(nproc)" -ge 2 ] || { echo "duet needs 2 cores" >&2; exit 1; }
port_a=${PORT_A:-18091}; port_b=${PORT_B:-18092}
taskset -c 0 "$bench_home/wsbench" serve direct --port "$port_a" > "$bench_work/a.log" 2>&1 &
pid_a=$!
taskset -c 1 "$bench_home/wsbench" serve direct --port "$port_b" > "$bench_work/b.log" 2>&1 &
pid_b=$!
trap 'kill $pid_a $pid_b 2>/dev/null || true; bench_cleanup' EXIT
path=/hello/xmlservice?method=hello
for p in "$port_a" "$port_b"; do
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$p$path" >/dev/null 2>&1 && break; sleep 0.5; done
  curl -sf "http://127.0.0.1:$p$path" >/dev/null || { echo "the server on $p did not start" >&2; exit 1; }
done
url_a="http://127.0.0.1:$port_a$path"; url_b="http://127.0.0.1:$port_b$path"
# A's generator on core 1, B's on core 0; the requests per second wrk reports
wrk_a() { taskset -c 1 wrk -t1 -c"$conns" -d"$1" "$url_a" | awk '/^Requests\/sec/ {print $2}'; }
wrk_b() { taskset -c 0 wrk -t1 -c"$conns" -d"$1" "$url_b" | awk '/^Requests\/sec/ {print $2}'; }
echo "warming both servers (10 s each) ..." >&2
wrk_a 10s >/dev/null; wrk_b 10s >/dev/null
results="$bench_work/results.tsv"
: > "$results"
for r in $(seq 1 "$rounds"); do
  for way in $(printf 'interleaved\nduet\n' | shuf); do
    if [ "$way" = duet ]; then
      wrk_a "${secs}s" > "$bench_work/a" & side_a=$!
      wrk_b "${secs}s" > "$bench_work/b"; wait "$side_a"  # not a bare wait: the servers are children too
      a=$(cat "$bench_work/a"); b=$(cat "$bench_work/b")
    elif [ $((RANDOM % 2)) -eq 0 ]; then
      a=$(wrk_a "${secs}s"); b=$(wrk_b "${secs}s")
    else
      b=$(wrk_b "${secs}s"); a=$(wrk_a "${secs}s")
    fi
    echo -e "$r\t$way\t$a\t$b" >> "$results"
    echo "round $r $way: A $a/s, B $b/s" >&2
  done
done
python3 - "$results" <<'PY'
import math, statistics, sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().split("\n") if l]
def t95(df):
    # two-sided 97.5% quantiles of Student's t for small df (df >= 1)
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
             11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086,
             25: 2.060, 30: 2.042}
    return table.get(df) or table[max(k for k in table if k <= df)]
widths = {}
print(f"{'way':<12} {'rounds':>6} {'A req/s':>9} {'B req/s':>9} {'B/A median':>10} {'min-max':>13} {'95% interval':>16} {'width':>7}")
for way in ("interleaved", "duet"):
    logs = [math.log(float(b) / float(a)) for _, w, a, b in rows if w == way]
    a = statistics.median(float(x[2]) for x in rows if x[1] == way)
    b = statistics.median(float(x[3]) for x in rows if x[1] == way)
    m = statistics.mean(logs); se = statistics.stdev(logs) / math.sqrt(len(logs)); q = t95(len(logs) - 1)
    lo, hi = math.exp(m - q * se), math.exp(m + q * se)
    widths[way] = hi / lo - 1
    ratios = sorted(math.exp(x) for x in logs)
    print(f"{way:<12} {len(logs):>6} {a:>9,.0f} {b:>9,.0f} {math.exp(statistics.median(logs)):>10.3f} "
          f"{ratios[0]:>6.3f}-{ratios[-1]:<6.3f} [{lo:.3f}, {hi:.3f}] {100 * widths[way]:>6.1f}%")
print(f"duet's interval is {widths['duet'] / widths['interleaved']:.2f}x as wide as the interleaved one's")
PY
