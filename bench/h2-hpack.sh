#!/usr/bin/env bash
# A user's first, cold `load --http2` (no warm-up) with the requests' header blocks written two ways, and
# h2load beside them (WARMUP=auto: warmed until steady instead, each point's own CPU then counted): wsbench's HPACK literals kept per request (the default, core/load/H2Literals) and
# Netty's HpackEncoder with its dynamic table (-Dwsbench.h2.hpack=netty). nginx over h2c on the last core,
# each client on the others; every round runs the three once, in a fresh random order, SECS seconds each,
# C connections x M streams. Prints, per tool, requests per CPU-second of its whole process (a JVM's start,
# class loading and JIT included) and the ratio to h2load of the same round, median (min-max).
#   [WARMUP=none|auto] bench/h2-hpack.sh [SECS=10] [ROUNDS=4] [C=2] [M=8]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
secs=${1:-10}; rounds=${2:-4}; c=${3:-2}; m=${4:-8}; warmup=${WARMUP:-none}
bench_install nginx:nginx h2load:nghttp2-client openssl:openssl taskset:util-linux
bench_h2_nginx
bench_build
url="http://127.0.0.1:$port/hello.xml"
java_opts="-XX:+UseParallelGC -Xms256m -XX:GCTimeRatio=19 -XX:CompileThresholdScaling=2"  # the launcher's own
: > "$bench_work/rows"
for r in $(seq 1 "$rounds"); do
  echo "round $r ..." >&2
  for tool in $(printf 'h2load\nliteral\nnetty\n' | shuf); do
    if [ "$tool" = h2load ]; then
      bench_timed "$bench_work/t.time" taskset -c "$client_cpus" h2load -c "$c" -m "$m" -t 1 -D "$secs" "$url" > "$bench_work/t.out"
      done=$(sed -n 's/.*status codes: \([0-9]*\) 2xx.*/\1/p' "$bench_work/t.out")
      bytes=$(sed -n 's/.*headers (space savings [^)]*) \([0-9]*\).*/\1/p' "$bench_work/t.out")
    else
      hpack=""; [ "$tool" = netty ] && hpack="-Dwsbench.h2.hpack=netty"
      WSBENCH_JAVA_OPTS="$java_opts $hpack" bench_timed "$bench_work/t.time" taskset -c "$client_cpus" "$bench_home/wsbench" load "$url" \
        --http2 --streams "$m" -c "$((c * m))" -d "${secs}s" --warmup "$warmup" --expect 'Hello World' --json > "$bench_work/t.out"
      done=$(python3 -c "import json,sys; p=json.load(open(sys.argv[1])); assert sum(v for v in p['errors'].values())==0, p['errors']; print(p['validated'])" "$bench_work/t.out")
      # warmed: the point's own CPU (its warm-up and start left out), as bench/h2.sh counts it
      [ "$warmup" = none ] || point_cpu=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['generator']['cpuSeconds'])" "$bench_work/t.out")
    fi
    read -r u s _ < "$bench_work/t.time"
    cpu=$(python3 -c "print($u + $s)"); [ "$tool" != h2load ] && [ "$warmup" != none ] && cpu=$point_cpu
    echo "$r $tool $(python3 -c "print($done / $cpu)")" >> "$bench_work/rows"
  done
done
python3 - "$bench_work/rows" "$c" "$m" "$secs" "$warmup" <<'PY'
import statistics as st, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
by = {}
for r, tool, v in rows:
    by.setdefault(r, {})[tool] = float(v)
def spread(xs, f):
    return (f + " (" + f + "-" + f + ")") % (st.median(xs), min(xs), max(xs))
print("%s s points, %s connections x %s streams, nginx h2c; requests per CPU-second (%s)" % (sys.argv[4], sys.argv[2], sys.argv[3],
      "cold: the whole process" if sys.argv[5] == "none" else "warmed: wsbench's point, h2load's process"))
for tool in ["h2load", "literal", "netty"]:
    xs = [v[tool] for v in by.values()]
    ratio = "" if tool == "h2load" else "  x h2load " + spread([v[tool] / v["h2load"] for v in by.values()], "%.2f")
    print("  %-8s %s%s" % (tool, spread(xs, "%.0f"), ratio))
print("  literal / netty, paired by round: " + spread([v["literal"] / v["netty"] for v in by.values()], "%.2f"))
PY
