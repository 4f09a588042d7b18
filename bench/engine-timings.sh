#!/usr/bin/env bash
# The timings the tests no longer assert, as figures of this machine (bench/EngineTimings.java): the
# open loop's achieved rate, a closed loop's p99 beside an open loop's over the same 500 ms stall, how
# long an 800 ms point and its engine.run last, each second's count at 100 req/s, the process
# sampler's CPU of a spinning shell (and its difference from the JDK's account) and of a sleeping
# process, the Cleaner's delay on a request's pooled bytes; then the direct stack's residual CPU
# after a point with its spin-after-load fault and without (the report flags above 25%). Each figure
# ROUNDS times, with its median and min-max. A benchmark, not a test.
#   bench/engine-timings.sh [ROUNDS=5]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
home=$(dirname "$here")
rounds=${1:-5}
[ -d "$home/cli/target/lib" ] && [ -d "$home/stacks/direct/target/stack/lib" ] \
  || (cd "$home" && mvn -B -q -o -DskipTests package)
cp="$(ls "$home"/cli/target/wsbench-cli-*.jar | grep -v -- -tests.jar | head -n 1):$home/cli/target/lib/*"
java -cp "$cp" "$here/EngineTimings.java" "$rounds"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for faults in spin-after-load none; do
  cat > "$work/$faults.yaml" <<YAML
name: residual
operation: now
warmupRequests: 2000
repeat: $rounds
targets:
  - { label: page, stack: direct, protocol: html }
load:
  - { users: 2, requestsPerUser: 1000 }
stackOptions:
  direct: { faults: $faults }
YAML
  echo "direct stack, faults: $faults: $rounds repeats ..." >&2
  java -Dwsbench.home="$home" --add-exports=jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED \
    --add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED -cp "$cp" io.wsbench.cli.Main \
    run "$work/$faults.yaml" --out "$work/$faults" > "$work/$faults.log" 2>&1 \
    || { tail -n 20 "$work/$faults.log" >&2; exit 1; }
done
python3 - "$work/spin-after-load/run.json" "$work/none/run.json" <<'PY'
import json, statistics, sys
for label, path in (("spin-after-load", sys.argv[1]), ("no fault", sys.argv[2])):
    v = sorted(p["server"]["residualCpuPercent"] for p in json.load(open(path))["points"])
    print(f"{'direct stack, ' + label + ': residual CPU % after the point (flagged above 25)':<100} "
          f"{statistics.median(v):10.2f} {v[0]:10.2f} - {v[-1]:<10.2f}")
PY
