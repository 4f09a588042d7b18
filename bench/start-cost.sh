#!/usr/bin/env bash
# What a start costs: the whole process's CPU (user + system, the launcher included) of a 10-request
# `wsbench load` against nginx's 62-byte hello, of this checkout and of another commit's build (BASE, default
# HEAD~1), PAIRS times each in a fresh random order, both pinned to core 1 and nginx to core 0. The point is
# a few milliseconds: what is measured is the JVM's start, picocli, the engine's set-up, the JIT's work on
# all of it and the summary printed at the end, which a 10 s `load` pays on top of its requests (START_JSON=1: with
# --json, its JSON instead).
# Prints each build's median (min-max) CPU-s, and new/old paired by pair.
#   [BASE=<commit>] bench/start-cost.sh [PAIRS=10]
export BENCH_HOLD=0
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
pairs=${1:-10}; base=${BASE:-HEAD~1}
bench_install nginx:nginx taskset:util-linux time:time
url=$(bench_nginx "${PORT:-18098}")
for pid in $(pgrep -f "nginx: (master|worker) process.*$bench_work"); do taskset -pc 0 "$pid" >/dev/null; done
for pid in $(pgrep -P "$(cat "$bench_work/nginx.pid")"); do taskset -pc 0 "$pid" >/dev/null; done
bench_build
bench_base "$base"
old=$bench_base_dir
: > "$bench_work/rows"
for p in $(seq 1 "$pairs"); do
  for build in $(printf 'new\nold\n' | shuf); do
    home=$bench_home; [ "$build" = old ] && home=$old
    bench_timed "$bench_work/time" taskset -c 1 "$home/wsbench" load "$url" -c 10 -n 10 ${START_JSON:+--json} >/dev/null
    read -r u s _ < "$bench_work/time"
    echo "$p $build $u $s" >> "$bench_work/rows"
  done
done
python3 - "$bench_work/rows" "$base" <<'PY'
import statistics, sys
cpu = {}
for line in open(sys.argv[1]):
    p, build, u, s = line.split()
    cpu.setdefault(build, {})[p] = float(u) + float(s)
def fig(v):
    v = sorted(v)
    return f"{statistics.median(v):.3f} ({v[0]:.3f}-{v[-1]:.3f})"
print(f"start of a 10-request load, CPU-s, median (min-max) of {len(cpu['new'])}")
print(f"  this checkout  {fig(cpu['new'].values())}")
print(f"  {sys.argv[2]:<13}  {fig(cpu['old'].values())}")
print(f"  new/old, paired {fig([cpu['new'][p] / cpu['old'][p] for p in cpu['new']])}")
PY
