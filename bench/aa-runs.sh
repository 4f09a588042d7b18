#!/usr/bin/env bash
# A/A across runs (issue 64, item 7): a suite of two copies of one server, A and B, each process of
# which draws its own speed at start (bench/aa-server.py: lognormal, AA_SIGMA, default 6%, as two JVMs
# of one build differ), run RUNS times at the suite's defaults (4 processes per server, 3 rounds of
# 2 s points, as suites/default.yaml). Prints each run's B/A with its 95% interval and whether it
# calls B different from A (the interval excludes 1); the issue asks for at most one run of six.
# A benchmark, not a test.
#   bench/aa-runs.sh [RUNS=6] [USERS=1]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
runs=${1:-6}; users=${2:-1}
bench_build
cp "$here/aa-server.py" "$bench_work/"
cat > "$bench_work/aa.yaml" <<SUITE
name: aa
description: two copies of one server, each process drawing its own speed at start
baseline: A
instances: 4
repeat: 3
stacks:
  a: { command: ["python3", "aa-server.py", "\${port}"], ready: /hello }
  b: { command: ["python3", "aa-server.py", "\${port}"], ready: /hello }
targets:
  - { label: A, stack: a, path: /hello, protocol: plain }
  - { label: B, stack: b, path: /hello, protocol: plain }
load:
  - { users: $users, duration: 2s }
SUITE
for r in $(seq 1 "$runs"); do
  echo "run $r of $runs ..." >&2
  start=$(date +%s)
  "$bench_home/wsbench" run "$bench_work/aa.yaml" --out "$bench_work/run-$r" >/dev/null 2>"$bench_work/run-$r.err" \
    || { cat "$bench_work/run-$r.err" >&2; exit 1; }
  python3 - "$bench_work/run-$r/run.json" "$r" "$(( $(date +%s) - start ))" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
for row in run.get("rows", []):
    if row.get("ratio") and row["row"].startswith("B"):
        q = row["ratio"]
        low, high = q.get("low"), q.get("high")
        different = low is not None and (low > 1 or high < 1)
        byInstance = row.get("throughputByInstance") or {}
        print(f"run {sys.argv[2]}: B/A {q['median']:.3f} [{low:.3f}, {high:.3f}] over {q['n']} ({q['method'][:60]}...);"
              f" {'DIFFERENT' if different else 'same'}; {sys.argv[3]} s; B's processes {sorted(round(v) for v in byInstance.values())}")
PY
done
