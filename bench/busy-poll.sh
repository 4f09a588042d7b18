#!/usr/bin/env bash
# What --busy-poll buys at one user (issue 36): nginx (one worker) serving a 62-byte XML on
# 127.0.0.1, one connection, SECS seconds a round, ROUNDS rounds of three in turn: wrk -t1 -c1,
# `wsbench load -c 1 --threads 1` sleeping in epoll as usual, and the same with --busy-poll. Prints
# each tool's mean and p50 latency and throughput, median (min-max) of the rounds, the ratios to wrk,
# and the busy-polling generator's busy figure (its share of polls that found work).
#   bench/busy-poll.sh [SECS=5] [ROUNDS=3]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
secs=${1:-5}; rounds=${2:-3}
bench_install nginx:nginx wrk:wrk
url=$(bench_nginx "${PORT:-18096}")
"$bench_home/wsbench" --version >/dev/null  # builds on first use, before anything is timed
: > "$bench_work/rows"
for r in $(seq 1 "$rounds"); do
  echo "round $r ..." >&2
  wrk -t1 -c1 -d"${secs}s" --latency "$url" > "$bench_work/wrk.txt"
  "$bench_home/wsbench" load "$url" -c 1 --threads 1 -d "${secs}s" --expect 'Hello World' --json > "$bench_work/sleep.json"
  "$bench_home/wsbench" load "$url" -c 1 --threads 1 -d "${secs}s" --expect 'Hello World' --busy-poll --json > "$bench_work/poll.json"
  python3 - "$bench_work/wrk.txt" "$bench_work/sleep.json" "$bench_work/poll.json" >> "$bench_work/rows" <<'PY'
import json, re, sys
wrk = open(sys.argv[1]).read()
def ms(t):
    v, unit = float(t[0]), t[1]
    return v / 1000 if unit == "us" else v * 1000 if unit == "s" else v
row = [ms(re.search(r"Latency\s+([\d.]+)(us|ms|s)", wrk).groups()),
       ms(re.search(r"^\s*50%\s+([\d.]+)(us|ms|s)", wrk, re.M).groups()),
       float(re.search(r"Requests/sec:\s+([\d.]+)", wrk).group(1))]
for f in sys.argv[2:]:
    p = json.load(open(f))
    if sum(v for v in p["errors"].values() if isinstance(v, int)):
        sys.exit(f"{f}: errors {p['errors']}")
    row += [p["latencyMicros"]["mean"] / 1000, p["latencyMicros"]["p50"] / 1000, p["throughput"],
            p["generator"].get("ioBusiestPercent") or 0]
print(*row)
PY
done
python3 - "$bench_work/rows" <<'PY'
import statistics as st, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
def spread(xs, f="%.3f"):
    return (f + " (" + f + "-" + f + ")") % (st.median(xs), min(xs), max(xs))
cols = {"wrk -t1 -c1": 0, "wsbench, sleeping": 3, "wsbench --busy-poll": 7}
print("%-22s %-26s %-26s %-30s %s" % ("", "mean ms", "p50 ms", "req/s", "x wrk (throughput)"))
for name, i in cols.items():
    rps = [r[i + 2] for r in rows]
    ratio = [r[i + 2] / r[2] for r in rows]
    print("%-22s %-26s %-26s %-30s %s" % (name, spread([r[i] for r in rows]), spread([r[i + 1] for r in rows]),
          spread(rps, "%.0f"), spread(ratio)))
print("busy figure: sleeping %s%% of its thread's CPU; busy-polling %s%% of its polls found work" % (
      spread([r[6] for r in rows], "%.1f"), spread([r[10] for r in rows], "%.1f")))
PY
