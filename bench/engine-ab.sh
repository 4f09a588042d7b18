#!/usr/bin/env bash
# The generator's CPU per request of this checkout's engine against another commit's (BASE, default
# HEAD~1), on the same points: nginx's 62-byte hello on the last core, wsbench on the others, each
# point warmed until steady and then timed SECS seconds; its CPU is the point's own (generator.cpuSeconds,
# warm-up and start left out). Every round runs both builds once on each point, in a fresh random order;
# prints per point the µs of CPU per request of each, and new/old paired by round, median (min-max).
# Points: 1 user, 10 users (nginx saturated) over HTTP/1.1, and HTTP/2 (2 connections x 8 streams) over h2c.
# POINTS picks some of them ("1 10 h2", the default).
#   [BASE=<commit>] [POINTS="1 10 h2"] bench/engine-ab.sh [SECS=8] [ROUNDS=5]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
secs=${1:-8}; rounds=${2:-5}; base=${BASE:-HEAD~1}; points=${POINTS:-1 10 h2}
bench_install nginx:nginx taskset:util-linux openssl:openssl
bench_h2_nginx  # h2c only on its port: HTTP/1.1 goes to a second nginx, also on the last core
h1_work="$bench_work/h1"; mkdir -p "$h1_work"; chmod 755 "$h1_work"
h1_url=$(bench_work=$h1_work bench_nginx $((port + 2)))
for pid in $(cat "$h1_work/nginx.pid") $(pgrep -P "$(cat "$h1_work/nginx.pid")"); do taskset -pc "$last" "$pid" >/dev/null; done
bench_build
trap 'kill "$(cat "$h1_work/nginx.pid")" 2>/dev/null; bench_cleanup' EXIT
bench_base "$base"
old=$bench_base_dir
url="http://127.0.0.1:$port/hello.xml"
: > "$bench_work/rows"
for r in $(seq 1 "$rounds"); do
  echo "round $r ..." >&2
  for run in $(for p in $points; do echo "new:$p"; echo "old:$p"; done | shuf); do
    build=${run%%:*}; point=${run##*:}
    home=$bench_home; [ "$build" = old ] && home=$old
    if [ "$point" = h2 ]; then opts="--http2 --streams 8 -c 16"; target=$url; else opts="-c $point"; target=$h1_url; fi
    # shellcheck disable=SC2086
    taskset -c "$client_cpus" "$home/wsbench" load "$target" $opts -d "${secs}s" --warmup auto --expect 'Hello World' --json \
      > "$bench_work/t.out"
    python3 - "$bench_work/t.out" "$r" "$build" "$point" >> "$bench_work/rows" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
assert sum(v for v in p['errors'].values()) == 0, p['errors']
print(sys.argv[2], sys.argv[3], sys.argv[4], 1e6 * p['generator']['cpuSeconds'] / p['validated'], p['throughput'])
PY
  done
done
python3 - "$bench_work/rows" "$secs" "$base" <<'PY'
import statistics as st, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
by = {}
for r, build, point, us, tput in rows:
    by.setdefault(point, {}).setdefault(r, {})[build] = (float(us), float(tput))
def spread(xs, f):
    return (f + " (" + f + "-" + f + ")") % (st.median(xs), min(xs), max(xs))
print("%s s points, warmed; generator CPU per request (µs), this checkout (new) and %s (old)" % (sys.argv[2], sys.argv[3]))
for point in ["1", "10", "h2"]:
    rounds = [v for v in by.get(point, {}).values() if len(v) == 2]
    if not rounds:
        continue
    name = {"1": "1 user", "10": "10 users", "h2": "HTTP/2 16 users"}[point]
    print("  %-16s new %s  old %s  new/old %s  (req/s new %s, old %s)" % (name,
          spread([v["new"][0] for v in rounds], "%.2f"), spread([v["old"][0] for v in rounds], "%.2f"),
          spread([v["new"][0] / v["old"][0] for v in rounds], "%.3f"),
          spread([v["new"][1] for v in rounds], "%.0f"), spread([v["old"][1] for v in rounds], "%.0f")))
    print("  %-16s new/old by round: %s" % ("", " ".join("%.3f" % (v["new"][0] / v["old"][0]) for v in rounds)))
PY
