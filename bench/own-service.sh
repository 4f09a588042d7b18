#!/usr/bin/env bash
# Your own service, as fast as a built-in target: seed 001's small sequence (1,000 matchQuakes
# queries) on the CXF stack, loaded two ways with the same users and duration:
#   built-in  load --protocol soap11 --operation matchQuakes --sequence small (pre-encoded, the oracle)
#   --wsdl    load --wsdl <CXF's served WSDL> --operation matchQuakes --template query.xml --data rows.csv
#             (the same 1,000 queries as CSV rows), with no check, an XPath count check, and the schema check
# Prints, per way, ROUNDS runs' median (min-max) of throughput, the generator's CPU microseconds per
# request and the client's checking microseconds per answer, then the ratio of the --wsdl generator
# CPU per request (no check) to the built-in one. A benchmark, not a test.
#   bench/own-service.sh [ROUNDS=3] [USERS=4] [DURATION=10s]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rounds=${1:-3}
users=${2:-4}
duration=${3:-10s}
bench_build
cp="$(ls "$bench_home"/cli/target/wsbench-cli-*.jar | grep -v -- -tests.jar | head -n 1):$bench_home/cli/target/lib/*"
java -cp "$cp" "$here/SeismicRows.java" "$bench_work"

port=$((20000 + RANDOM % 10000))
"$bench_home/wsbench" serve cxf --port "$port" > "$bench_work/serve.log" 2>&1 &
serve=$!
trap 'kill $serve 2>/dev/null; wait $serve 2>/dev/null || true; bench_cleanup' EXIT
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$port/seismic?wsdl" >/dev/null && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$port/seismic?wsdl" >/dev/null || { cat "$bench_work/serve.log" >&2; exit 1; }
url="http://127.0.0.1:$port/seismic"
count_check="xpath:/soap:Envelope/soap:Body/*[local-name()='results']/@count = \${count}"
own=(--wsdl "$url?wsdl" --operation matchQuakes --template "$bench_work/query.xml" --data "$bench_work/rows.csv")

measure() { # NAME ARGS...: one run, its point's figures appended to $bench_work/NAME.jsonl
  local name=$1; shift
  "$bench_home/wsbench" load -c "$users" -d "$duration" --json "$@" >> "$bench_work/$name.jsonl"
}
echo "warming CXF up (one unrecorded run of each way) ..." >&2
"$bench_home/wsbench" load "$url" --protocol soap11 --operation matchQuakes --sequence small -c "$users" -d 5s --json > /dev/null
"$bench_home/wsbench" load "${own[@]}" --check "$count_check" --check schema -c "$users" -d 5s --json > /dev/null
for r in $(seq 1 "$rounds"); do
  echo "round $r of $rounds ..." >&2
  measure builtin "$url" --protocol soap11 --operation matchQuakes --sequence small
  measure wsdl "${own[@]}"
  measure wsdl-xpath "${own[@]}" --check "$count_check"
  measure wsdl-schema "${own[@]}" --check schema
done
python3 - "$bench_work" <<'PY'
import json, statistics, sys
work = sys.argv[1]
def figures(name):
    # load --json prints each point pretty-printed: read the file as a stream of JSON objects
    text, pts, at, dec = open(f"{work}/{name}.jsonl").read(), [], 0, json.JSONDecoder()
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())
        p, at = dec.raw_decode(text, at)
        pts.append(p)
    def spread(values):
        v = sorted(values)
        return statistics.median(v), v[0], v[-1]
    return {
        "rps": spread([p["throughput"] for p in pts]),
        "cpu": spread([1e6 * p["generator"]["cpuSeconds"] / max(1, p["requests"]) for p in pts]),
        "check": spread([p["generator"].get("checkMicrosPerRequest", 0.0) for p in pts]),
        "errors": sum(sum(p["errors"].values()) for p in pts),
    }
rows = [("built-in soap11 (pre-encoded, oracle)", "builtin"), ("--wsdl + CSV, no check", "wsdl"),
        ("--wsdl + CSV, XPath count check", "wsdl-xpath"), ("--wsdl + CSV, schema check", "wsdl-schema")]
print(f"{'CXF matchQuakes small, 1,000 queries':<40} {'req/s median (min-max)':>28} {'generator CPU µs/req':>26} {'check µs/answer':>22} {'errors':>7}")
f = {key: figures(key) for _, key in rows}
for label, key in rows:
    x = f[key]
    fmt = lambda t, d: f"{t[0]:,.{d}f} ({t[1]:,.{d}f}-{t[2]:,.{d}f})"
    print(f"{label:<40} {fmt(x['rps'], 0):>28} {fmt(x['cpu'], 1):>26} {fmt(x['check'], 1):>22} {x['errors']:>7}")
ratio = f["wsdl"]["cpu"][0] / f["builtin"]["cpu"][0]
print(f"generator CPU per request, --wsdl without checks / built-in: {ratio:.2f} (the goal: within 1.10)")
PY
