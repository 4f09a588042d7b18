#!/usr/bin/env bash
# gRPC against ghz (issue 36): the grpc stack (grpc-java on Netty) serving wsbench.proto's
# Hello/Hello on 127.0.0.1, called by ghz (github.com/bojand/ghz, built here with `go install` from
# the Go module proxy on first use) and by wsbench's grpc protocol with the same connections and
# calls in flight: C connections, M calls open on each (ghz -c C*M --connections C; wsbench -c C*M
# --streams M). Each tool SECS seconds a round, ROUNDS rounds in turn. Prints calls per second and per
# client CPU-second, median (min-max), and wsbench's ratios to ghz.
#   bench/grpc.sh [SECS=5] [ROUNDS=3] [C=2] [M=10]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
secs=${1:-5}; rounds=${2:-3}; c=${3:-2}; m=${4:-10}
ghz_version=v0.93.0
ghz=${GHZ:-$HOME/go/bin/ghz}
if [ ! -x "$ghz" ]; then
  command -v go >/dev/null 2>&1 || bench_install go:golang-go
  echo "building ghz $ghz_version ..." >&2
  GOFLAGS=-mod=mod go install "github.com/bojand/ghz/cmd/ghz@$ghz_version" >&2
fi
bench_build
port=${PORT:-18099}
"$bench_home/wsbench" serve grpc --port "$port" > "$bench_work/serve.log" 2>&1 &
serve=$!
trap 'kill $serve 2>/dev/null; bench_cleanup' EXIT
for i in $(seq 1 120); do grep -q "Ctrl-C stops it" "$bench_work/serve.log" && break; sleep 0.5; done
# ghz's .proto parser (protoreflect, 2020) predates proto3's optional fields: it gets the Hello service alone
proto="$bench_work/hello.proto"
sed '/^service Seismic/,$d' "$bench_home/contract/src/main/resources/io/wsbench/contract/grpc/wsbench.proto" > "$proto"
calls=$((c * m))
# the server warms up once, before any round is timed
"$bench_home/wsbench" load "http://127.0.0.1:$port/wsbench.Hello/Hello" --protocol grpc -c "$calls" --streams "$m" -d 5s --json >/dev/null
: > "$bench_work/rows"
for r in $(seq 1 "$rounds"); do
  echo "round $r ..." >&2
  bench_timed "$bench_work/ghz.time" "$ghz" --insecure --proto "$proto" --call wsbench.Hello/Hello -d '{}' \
    -c "$calls" --connections "$c" -z "${secs}s" --format json "127.0.0.1:$port" > "$bench_work/ghz.json"
  bench_timed "$bench_work/wsbench.time" "$bench_home/wsbench" load "http://127.0.0.1:$port/wsbench.Hello/Hello" --protocol grpc \
    -c "$calls" --streams "$m" -d "${secs}s" --json > "$bench_work/wsbench.json"
  python3 - "$bench_work" >> "$bench_work/rows" <<'PY'
import json, sys
w = sys.argv[1]
g = json.load(open(w + "/ghz.json"))
ok = g.get("statusCodeDistribution", {}).get("OK", 0)
# ghz cancels the calls in flight when its time is up (Canceled, and Unavailable as it closes): a few, not failures
if ok < 0.999 * g["count"]:
    sys.exit(f"ghz errors: {g.get('statusCodeDistribution')}")
gu, gs, _ = map(float, open(w + "/ghz.time").read().split())
p = json.load(open(w + "/wsbench.json"))
if sum(v for v in p["errors"].values() if isinstance(v, int)):
    sys.exit(f"wsbench errors: {p['errors']}")
wu, ws, _ = map(float, open(w + "/wsbench.time").read().split())
print(ok / (g["total"] / 1e9), ok / (gu + gs), p["throughput"], p["validated"] / p["generator"]["cpuSeconds"], p["validated"] / (wu + ws),
      g["latencyDistribution"][2]["latency"] / 1e6 if g.get("latencyDistribution") else 0, p["latencyMicros"]["p50"] / 1000)
PY
done
python3 - "$bench_work/rows" "$c" "$m" <<'PY'
import statistics as st, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
def spread(xs, f="%.0f"):
    return (f + " (" + f + "-" + f + ")") % (st.median(xs), min(xs), max(xs))
print("grpc stack (grpc-java), Hello/Hello, %s connections x %s calls each" % (sys.argv[2], sys.argv[3]))
print("  %-30s %-28s %-28s %s" % ("", "calls/s", "calls per client CPU-s", "p50 ms"))
print("  %-30s %-28s %-28s %s" % ("ghz", spread([r[0] for r in rows]), spread([r[1] for r in rows]), spread([r[5] for r in rows], "%.3f")))
print("  %-30s %-28s %-28s %s" % ("wsbench (the point's CPU)", spread([r[2] for r in rows]), spread([r[3] for r in rows]),
                                  spread([r[6] for r in rows], "%.3f")))
print("  %-30s %-28s %s" % ("wsbench (the whole JVM's)", "", spread([r[4] for r in rows])))
print("  x ghz: throughput %s, per CPU-second (point) %s, (whole JVM) %s" % (
    spread([r[2] / r[0] for r in rows], "%.2f"), spread([r[3] / r[1] for r in rows], "%.2f"), spread([r[4] / r[1] for r in rows], "%.2f")))
PY
