#!/usr/bin/env bash
# A user's first, cold `load --http2` (no warm-up), in as many variants of wsbench's JVM as are named, with
# h2load beside them (WARMUP=auto: warmed until steady instead, each point's own CPU then counted). nginx
# over h2c on the last core, each client on the others; every round runs h2load and every variant once, in a
# fresh random order, SECS seconds each, C connections x M streams. Prints, per tool, requests per CPU-second
# of its whole process (a JVM's start, class loading and JIT included), its ratio to h2load of the same round
# and to the first variant of the same round, median (min-max).
#   [WARMUP=none|auto] bench/h2-cold.sh [SECS=10] [ROUNDS=4] [C=2] [M=8] -- NAME=[java:PATH] [wsbench:PATH] [JVM options] ...
# A variant's options are added to the launcher's own; "java:PATH" runs it on another JDK, "wsbench:PATH" is
# another build's launcher (a checkout of an earlier commit, built), e.g.
#   bench/h2-cold.sh 10 4 2 8 -- shipped= c1=-XX:TieredStopAtLevel=1 jdk25=java:/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
#   bench/h2-cold.sh 10 4 2 8 -- new= old=wsbench:/tmp/old/wsbench
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
secs=10; rounds=4; c=2; m=8; warmup=${WARMUP:-none}
for v in secs rounds c m; do
  [ $# -gt 0 ] && [ "$1" != -- ] && { printf -v "$v" '%s' "$1"; shift; }
done
[ "${1:-}" = -- ] && shift
[ $# -gt 0 ] || set -- shipped=
bench_install nginx:nginx h2load:nghttp2-client openssl:openssl taskset:util-linux
bench_h2_nginx
bench_build
url="http://127.0.0.1:$port/hello.xml"
launcher_opts="-XX:+UseParallelGC -Xms256m -XX:GCTimeRatio=19 -XX:CompileThresholdScaling=2"  # the launcher's own
declare -A java_of opts_of launcher_of
names=()
for spec in "$@"; do
  name=${spec%%=*}; java=java; launcher=$bench_home/wsbench; opts=()
  for word in ${spec#*=}; do
    case "$word" in java:*) java=${word#java:} ;; wsbench:*) launcher=${word#wsbench:} ;; *) opts+=("$word") ;; esac
  done
  names+=("$name"); java_of[$name]=$java; launcher_of[$name]=$launcher; opts_of[$name]="$launcher_opts ${opts[*]}"
done
: > "$bench_work/rows"
for r in $(seq 1 "$rounds"); do
  echo "round $r ..." >&2
  for tool in $(printf '%s\n' h2load "${names[@]}" | shuf); do
    if [ "$tool" = h2load ]; then
      bench_timed "$bench_work/t.time" taskset -c "$client_cpus" h2load -c "$c" -m "$m" -t 1 -D "$secs" "$url" > "$bench_work/t.out"
      done=$(sed -n 's/.*status codes: \([0-9]*\) 2xx.*/\1/p' "$bench_work/t.out")
    else
      WSBENCH_JAVA=${java_of[$tool]} WSBENCH_JAVA_OPTS="${opts_of[$tool]}" bench_timed "$bench_work/t.time" \
        taskset -c "$client_cpus" "${launcher_of[$tool]}" load "$url" \
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
python3 - "$bench_work/rows" "$c" "$m" "$secs" "$warmup" "${names[@]}" <<'PY'
import statistics as st, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
names = sys.argv[6:]
by = {}
for r, tool, v in rows:
    by.setdefault(r, {})[tool] = float(v)
def spread(xs, f):
    return (f + " (" + f + "-" + f + ")") % (st.median(xs), min(xs), max(xs))
print("%s s points, %s connections x %s streams, nginx h2c; requests per CPU-second (%s)" % (sys.argv[4], sys.argv[2], sys.argv[3],
      "cold: the whole process" if sys.argv[5] == "none" else "warmed: wsbench's point, h2load's process"))
for tool in ["h2load"] + names:
    xs = [v[tool] for v in by.values()]
    line = "  %-10s %s" % (tool, spread(xs, "%.0f"))
    if tool != "h2load":
        line += "  x h2load " + spread([v[tool] / v["h2load"] for v in by.values()], "%.2f")
        if tool != names[0]:
            line += "  x %s, paired by round %s" % (names[0], spread([v[tool] / v[names[0]] for v in by.values()], "%.2f"))
    print(line)
PY
