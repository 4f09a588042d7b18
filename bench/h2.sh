#!/usr/bin/env bash
# HTTP/2 against h2load (issue 36): nginx (one worker, Debian's build has the http2 module) serving a
# 62-byte XML over h2c (prior knowledge) and over TLS (h2 by ALPN, a certificate made here), loaded by
# h2load (Debian's nghttp2-client) and by wsbench with the same connections and streams: C
# connections, M streams open on each. Each round runs each tool SECS seconds; ROUNDS rounds in turn.
# Prints requests per second and requests per client CPU-second (user + system of the tool's
# process), median (min-max) of the rounds, and wsbench's ratios to h2load. nginx runs on the last
# core and both clients on the others (taskset), so neither client's CPU is shared with the server.
# wsbench warms up first (--warmup auto: until three 1 s windows agree), as a JVM must before its
# steady state: its figure is the measured point's CPU, its JIT compiler's included; the whole JVM's
# (start, warm-up and JIT) is printed beside it. h2load, compiled ahead of time, needs none.
# WARMUP=none measures a user's first, cold `load --http2` instead: no warm-up, so the whole JVM's
# CPU (its start, class loading and JIT included) is the figure to compare.
#   [WARMUP=auto|none] bench/h2.sh [SECS=5] [ROUNDS=3] [C=4] [M=10]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
secs=${1:-5}; rounds=${2:-3}; c=${3:-4}; m=${4:-10}; warmup=${WARMUP:-auto}
bench_install nginx:nginx h2load:nghttp2-client openssl:openssl taskset:util-linux
bench_h2_nginx
bench_build
users=$((c * m))
: > "$bench_work/rows"
for r in $(seq 1 "$rounds"); do
  echo "round $r ..." >&2
  row=""
  for scheme in h2c h2; do
    if [ $scheme = h2c ]; then url="http://127.0.0.1:$port/hello.xml"; trust=(); else url="https://127.0.0.1:$tls_port/hello.xml"; trust=(--cacert "$bench_work/cert.pem"); fi
    bench_timed "$bench_work/h2load.time" taskset -c "$client_cpus" h2load -c "$c" -m "$m" -t 1 -D "$secs" "$url" > "$bench_work/h2load.txt"
    bench_timed "$bench_work/wsbench.time" taskset -c "$client_cpus" "$bench_home/wsbench" load "$url" --http2 --streams "$m" -c "$users" -d "${secs}s" --warmup "$warmup" \
      --expect 'Hello World' "${trust[@]}" --json > "$bench_work/wsbench.json"
    row="$row $(python3 - "$bench_work" <<'PY'
import json, re, sys
w = sys.argv[1]
h = open(w + "/h2load.txt").read()
done = int(re.search(r"requests: \d+ total, \d+ started, (\d+) done", h).group(1))
ok = int(re.search(r"status codes: (\d+) 2xx", h).group(1))
rps = float(re.search(r"finished in [\d.]+\w+, ([\d.]+) req/s", h).group(1))
hu, hs, _ = map(float, open(w + "/h2load.time").read().split())
p = json.load(open(w + "/wsbench.json"))
errors = sum(v for v in p["errors"].values() if isinstance(v, int))
# h2load's duration mode may count a request cut at its end as done without a status: a few, not failures
if errors or ok < 0.999 * done:
    sys.exit(f"errors: wsbench {p['errors']}, h2load {done - ok} of {done}")
wu, ws, _ = map(float, open(w + "/wsbench.time").read().split())
# wsbench's process CPU holds its JVM's start and JIT; its own measurement holds the point's alone
print(rps, ok / (hu + hs), p["throughput"], p["validated"] / p["generator"]["cpuSeconds"], p["validated"] / (wu + ws))
PY
)"
  done
  echo "$row" >> "$bench_work/rows"
done
python3 - "$bench_work/rows" "$c" "$m" <<'PY'
import statistics as st, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
def spread(xs, f="%.0f"):
    return (f + " (" + f + "-" + f + ")") % (st.median(xs), min(xs), max(xs))
print("%s connections x %s streams, nginx (1 worker) on 127.0.0.1" % (sys.argv[2], sys.argv[3]))
for k, scheme in enumerate(["h2c (prior knowledge)", "h2 (TLS, ALPN)"]):
    o = 5 * k
    print(scheme)
    print("  %-30s %-28s %s" % ("", "req/s", "req per client CPU-s"))
    print("  %-30s %-28s %s" % ("h2load", spread([r[o] for r in rows]), spread([r[o + 1] for r in rows])))
    print("  %-30s %-28s %s" % ("wsbench (the point's CPU)", spread([r[o + 2] for r in rows]), spread([r[o + 3] for r in rows])))
    print("  %-30s %-28s %s" % ("wsbench (the whole JVM's)", "", spread([r[o + 4] for r in rows])))
    print("  x h2load: throughput %s, per CPU-second (point) %s, (whole JVM) %s" % (
        spread([r[o + 2] / r[o] for r in rows], "%.2f"), spread([r[o + 3] / r[o + 1] for r in rows], "%.2f"),
        spread([r[o + 4] / r[o + 1] for r in rows], "%.2f")))
PY
