#!/usr/bin/env bash
# What coordinating load agents costs (issue 23): nginx (one worker) on 127.0.0.1 serving a small
# static XML, loaded by one in-process run and by runs from 1, 2 and 3 local agents (run --agents N
# --local, each agent its own JVM) at the same total load: a closed loop of USERS users and an open
# loop at RATE requests/s, SECONDS each, ROUNDS times. Prints each configuration's throughput, its
# generators' CPU and requests per client CPU-second (the agents' own CPU, summed), the largest start
# skew among the agents, then what reading and merging the agents' histograms costs the controller
# (bench/AgentMerge.java). On 2 cores no speed-up is expected: the figures show the coordination's cost.
# A benchmark, not a test. With BEFORE=DIR (another checkout, built), each round runs every
# configuration on both builds in a random order, labelled "before" and "after": a change's cost
# measured interleaved, not one build after the other.
#   [BEFORE=DIR] [CONFIGS="0 1 2 3" (in-process, 1, 2, 3 agents)] bench/agents.sh [USERS=48] [RATE=20000] [SECONDS=5] [ROUNDS=3]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
users=${1:-48}; rate=${2:-20000}; secs=${3:-5}; rounds=${4:-3}
bench_install nginx:nginx
url=$(bench_nginx "${PORT:-18091}")
bench_build
cat > "$bench_work/suite.yaml" <<SUITE
name: agents
warmupRequests: 20000
targets:
  - { label: nginx, url: "$url", protocol: rest-xml }
load:
  - { users: $users, duration: ${secs}s }
  - { rate: $rate, users: $users, duration: ${secs}s }
SUITE
results="$bench_work/results.tsv"
: > "$results"
homes=("$bench_home"); labels=("")
[ -n "${BEFORE:-}" ] && { homes=("$BEFORE" "$bench_home"); labels=("before " "after "); "$BEFORE/wsbench" stacks >/dev/null; }
for r in $(seq 1 "$rounds"); do
  for n in ${CONFIGS:-0 1 2 3}; do
    for h in $(seq 0 $((${#homes[@]} - 1)) | shuf); do
      label=${labels[$h]}
      echo "round $r: $label$([ "$n" = 0 ] && echo in-process || echo "$n agents") ..." >&2
      out="$bench_work/run-$r-$n-$h"
      agents=(); [ "$n" -gt 0 ] && agents=(--agents "$n" --local)
      "${homes[$h]}/wsbench" run "$bench_work/suite.yaml" --out "$out" --cpus off "${agents[@]}" >/dev/null 2>"$out.err" \
        || { cat "$out.err" >&2; exit 1; }
      python3 - "$out/run.json" "$n" "$label" >> "$results" <<'PY'
import json, sys
run = json.load(open(sys.argv[1])); n = sys.argv[2]
for p in run["points"]:
    cpu = sum(a["generator"]["cpuSeconds"] for a in p["agents"]) if p.get("agents") else p["generator"]["cpuSeconds"]
    name = sys.argv[3] + ("in-process" if n == "0" else n + " agents") + " " + p["load"]["model"]
    print(name, p["throughput"], cpu, p["requests"] / cpu if cpu else 0, p.get("startSkewMillis") or 0, sep="\t")
PY
    done
  done
done
python3 - "$results" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    name, *v = line.rstrip("\n").split("\t")
    rows.setdefault(name, []).append([float(x) for x in v])
def fig(xs, fmt):
    return f"{fmt.format(statistics.median(xs))} ({fmt.format(min(xs))}-{fmt.format(max(xs))})"
print(f"{'configuration':<27} {'req/s':>24} {'client CPU-s':>20} {'req per client CPU-s':>26} {'start skew ms':>20}")
base = {}
for name, vs in rows.items():
    cols = list(zip(*vs))
    model = " ".join(name.split()[:1] if name.split()[0] in ("before", "after") else []) + name.split()[-1]
    base.setdefault(model, statistics.median(cols[2]))
    print(f"{name:<27} {fig(cols[0], '{:,.0f}'):>24} {fig(cols[1], '{:.2f}'):>20} {fig(cols[2], '{:,.0f}'):>26} {fig(cols[3], '{:.1f}'):>20}"
          f"   x{statistics.median(cols[2]) / base[model]:.2f} of in-process per CPU-s")
PY
cp="$(ls "$bench_home"/cli/target/wsbench-cli-*.jar | grep -v -- -tests.jar | head -n 1):$bench_home/cli/target/lib/*"
java -cp "$cp" "$here/AgentMerge.java" "$rounds"
