#!/usr/bin/env bash
# The same measuring time spent as 20 rounds of 2 s points or as 4 rounds of 10 s points: which gives
# the narrower interval, and why (issue 64's question). Seed 001's CXF small and direct small at 5 users,
# each server as 3 processes, run once each way, in a random order, on one machine. Prints, per way,
# its wall time, the row's ratio with its 95% interval (summary.csv), and the two levels of its noise
# (bench/levels.py: sigma_R, the spread of one point from round to round within a process; sigma_I, what
# the processes differ by beyond that). usage: bench/point-length.sh [KEEP_DIR]
set -euo pipefail
home=$(cd "$(dirname "$0")/.." && pwd)
keep=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
suite() {  # suite NAME ROUNDS SECONDS
  cat > "$work/$1.yaml" <<YAML
name: $1
operation: matchQuakes
baseline: CXF small
instances: 3
repeat: $2
cpus: auto
warmupMax: 120s
targets:
  - { label: CXF small, stack: cxf, protocol: soap11, sequence: small }
  - { label: direct small, stack: direct, protocol: soap11, sequence: small }
load:
  - { users: 5, sequences: 1, minDuration: $3s }
YAML
}
suite rounds-20x2s 20 2
suite rounds-4x10s 4 10
order=$(printf 'rounds-20x2s\nrounds-4x10s\n' | shuf)
for s in $order; do
  start=$(date +%s)
  "$home/wsbench" run "$work/$s.yaml" --out "$work/$s" >"$work/$s.log" 2>&1 || { tail -20 "$work/$s.log"; exit 1; }
  echo "$s: $(( $(date +%s) - start )) s of wall time (run $(echo $order | tr '\n' ' '))"
  python3 - "$work/$s" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1] + "/summary.csv")):
    if r["baseline"] and not r["row"].startswith(r["baseline"]):
        m, lo, hi = float(r["ratio"]), float(r["ratio.ci95Low"]), float(r["ratio.ci95High"])
        print(f"  {r['row']}: {m:.3f} [{lo:.3f}, {hi:.3f}] (+-{100 * (hi - lo) / 2 / m:.1f}%), {r['repeats']} points")
    m, lo, hi = float(r["throughput"]), float(r["throughput.ci95Low"]), float(r["throughput.ci95High"])
    print(f"  {r['row']}: {m:,.0f} req/s [{lo:,.0f}, {hi:,.0f}] (+-{100 * (hi - lo) / 2 / m:.1f}%)")
PY
  python3 "$home/bench/levels.py" "$work/$s" | sed 's/^/  /'
  [ -n "$keep" ] && mkdir -p "$keep" && cp -r "$work/$s" "$keep/"
done
