#!/usr/bin/env bash
# A soak of the generator itself (issue 37): one open-loop point of MINUTES minutes (default 60) at
# RATE requests/s (default 5000) on 50 connections, `wsbench load` against nginx (one worker) on
# 127.0.0.1, nginx's worker watched by --server-pid. Reads the generator's resident memory each
# minute from /proc, and prints it at minute 5 and at the end, their ratio (goal: within 10%, the
# per-second series going to disk past ten minutes), and the point's own minutes: throughput, p99,
# the server's CPU and RSS, and any leak or slowdown flagged. A benchmark, run by hand: it takes an hour.
#   bench/soak.sh [MINUTES=60] [RATE=5000]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
minutes=${1:-60}; rate=${2:-5000}
bench_install nginx:nginx
url=$(bench_nginx "${PORT:-18095}")
worker=$(pgrep -P "$(cat "$bench_work/nginx.pid")" | head -n 1)
"$bench_home/wsbench" --version >/dev/null  # builds on first use, before anything is timed

"$bench_home/wsbench" load "$url" --rate "$rate" -c 50 -d "${minutes}m" --server-pid "$worker" --monitor proc \
  --json >"$bench_work/point.json" 2>"$bench_work/console.log" &
gen=$!  # the launcher execs the JVM: this is the generator's own process
: >"$bench_work/rss"
for m in $(seq 1 "$minutes"); do
  sleep 60
  kill -0 "$gen" 2>/dev/null || break
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$gen/status")
  echo "$m $rss" >>"$bench_work/rss"
  echo "minute $m: generator RSS $((rss / 1024)) MB" >&2
done
wait "$gen" || true
[ -s "$bench_work/point.json" ] || { echo "the point wrote no figures; its console said:" >&2; tail -n 20 "$bench_work/console.log" >&2; exit 1; }
python3 - "$bench_work/rss" "$bench_work/point.json" <<'PY'
import json, sys
rss = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
p = json.load(open(sys.argv[2]))
print("point: %.0f req/s over %.0f s, %d requests, %d errors, p99 %.2f ms" % (
    p["throughput"], p["durationSeconds"], p["requests"],
    sum(v for v in p["errors"].values() if isinstance(v, int)), p["latencyMicros"]["p99"] / 1000))
at5 = next((kb for m, kb in rss if m == 5), None)
last = rss[-1] if rss else None
if at5 and last:
    print("generator RSS: minute 5 %.1f MB, minute %d %.1f MB, ratio %.3f (goal: within 10%%)" % (
        at5 / 1024, last[0], last[1] / 1024, last[1] / at5))
over = p.get("overTime", {})
print("minute   req/s   p50 ms   p99 ms  errors  nginx CPU %  nginx RSS MB")
for m in over.get("minutes", []):
    print("%6d %7.0f %8.2f %8.2f %7d %12s %13s" % (m["minute"] + 1, m["throughput"], m["p50Micros"] / 1000,
          m["p99Micros"] / 1000, m["errors"], m.get("serverCpuPercent", ""),
          "%.1f" % (m["rssBytes"] / 1e6) if "rssBytes" in m else ""))
for d in over.get("drifts", []):
    print("flagged: %s %s/min (%s to %s)" % (d["what"], d["perMinute"], d["low"], d["high"]))
PY
