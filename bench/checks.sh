#!/usr/bin/env bash
# What a check on any answer costs the generator (issue 50, "Speed"): a one-step flow of a plain GET
# on nginx (one worker, 127.0.0.1, a 24-byte JSON answer) with no check, with a jsonpath: check, with
# a regex: check and with a contains: check, each ROUNDS times, the four in a fresh random order in
# every round (this machine drifts by minutes). Each point is DURATION long after an unrecorded
# warm-up of WARMUP iterations per user. Prints, as median (min-max) over the rounds: the generator's
# CPU per request (run.json's generator.cpuSeconds over the requests), and each check's ratio to the
# jsonpath: check's within its round. The goal: regex: at most 1.3x jsonpath:. A benchmark, not a test.
#   bench/checks.sh [ROUNDS=5] [USERS=10] [DURATION=5s]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rounds=${1:-5}; users=${2:-10}; duration=${3:-5s}
warmup=${WARMUP:-20000}
bench_install nginx:nginx taskset:util-linux curl:curl

last=$(($(nproc) - 1))
server_cpus="0-$((last > 0 ? last - 1 : 0))"; generator_cpus=$last
port=${PORT:-18094}
base="http://127.0.0.1:$port"
mkdir -p "$bench_work/logs" "$bench_work/tmp"
user_line=$([ "$(id -u)" = 0 ] && echo "user $(id -un) $(id -gn);" || true)
cat > "$bench_work/nginx.conf" <<CONF
$user_line
worker_processes 1;
pid $bench_work/nginx.pid;
error_log $bench_work/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 300s;
  client_body_temp_path $bench_work/tmp;
  server {
    listen 127.0.0.1:$port;
    location = /hello.json { default_type application/json; return 200 '{"hello":"world","n":42}'; }
  }
}
CONF
taskset -c "$server_cpus" "$(command -v nginx || echo /usr/sbin/nginx)" -c "$bench_work/nginx.conf" -p "$bench_work"
sleep 0.5
curl -sf "$base/hello.json" >/dev/null || { cat "$bench_work/logs/error.log" >&2; echo "nginx did not start" >&2; exit 1; }

flow() {  # NAME CHECKS
  cat > "$bench_work/$1.yaml" <<FLOW
label: $1
url: $base
flow:
  steps:
    - { name: hello, method: GET, path: /hello.json, checks: [$2] }
FLOW
}
flow none ''
flow jsonpath "\"jsonpath:\$.hello == 'world'\""
flow regex "'regex:\"hello\":\"w[a-z]+\"'"
flow contains "'contains:\"hello\":\"world\"'"

bench_build
for r in $(seq 1 "$rounds"); do
  order=$(printf 'none\njsonpath\nregex\ncontains\n' | shuf | tr '\n' ' ')
  echo "round $r of $rounds: $order" >&2
  for name in $order; do
    taskset -c "$generator_cpus" "$bench_home/wsbench" load --json --flow "$bench_work/$name.yaml" -c "$users" -d "$duration" \
        --warmup "$warmup" > "$bench_work/$name-$r.json" 2> "$bench_work/$name-$r.err" \
      || { echo "$name failed:" >&2; cat "$bench_work/$name-$r.err" >&2; exit 1; }
  done
done

python3 - "$bench_work" "$rounds" "$users" "$duration" <<'PY'
import json, statistics, sys
work, rounds, users, duration = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
names = ("none", "jsonpath", "regex", "contains")
pts = {n: [json.load(open(f"{work}/{n}-{r}.json")) for r in range(1, rounds + 1)] for n in names}
def requests(p):
    return sum(s["requests"] for s in p["steps"])
def errors(p):
    return sum(sum(s["errors"].values()) for s in p["steps"])
cpu = {n: [1e6 * p["generator"]["cpuSeconds"] / max(1, requests(p)) for p in ps] for n, ps in pts.items()}
def fig(v, f):
    v = sorted(v)
    return f"{f.format(statistics.median(v))} ({f.format(v[0])}-{f.format(v[-1])})"
print(f"{rounds} rounds of {duration}, {users} users, closed loop, the four in a random order each round; median (min-max)")
print(f"{'check':<10} {'requests/s':>24} {'generator CPU µs/request':>26} {'× jsonpath: (same round)':>26} {'errors':>7}")
for n in names:
    rps = [requests(p) / p["durationSeconds"] for p in pts[n]]
    x = [a / b for a, b in zip(cpu[n], cpu["jsonpath"])]
    print(f"{n:<10} {fig(rps, '{:,.0f}'):>24} {fig(cpu[n], '{:.2f}'):>26} {fig(x, '{:.3f}'):>26} {sum(errors(p) for p in pts[n]):>7}")
x = statistics.median(a / b for a, b in zip(cpu["regex"], cpu["jsonpath"]))
print(f"regex: / jsonpath:, generator CPU per request: {x:.3f}; the goal: at most 1.3 ({'met' if x <= 1.3 else 'NOT met'})")
PY
