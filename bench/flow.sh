#!/usr/bin/env bash
# What a flow costs the generator (issue 33, "Speed"), on one nginx (one worker) on 127.0.0.1 that
# this script configures: a single request, a one-step flow sending the same request, and a three-step
# flow (a login in setup that sets a session cookie and gives a token; a create that needs both and
# gives two values to extract; a read-back by id with a check); then 10,000 virtual users, each with
# its own cookie jar, in a closed loop of the three-step flow. Each load is DURATION long (after an
# unrecorded warm-up of whole iterations for the CPU figures), ROUNDS times in turn. Prints, as median
# (min-max): throughput, the generator's CPU per request and per iteration (the point's own CPU:
# run.json's generator.cpuSeconds), the ratios to the single request, and the generator's peak RSS
# with 10,000 users. nginx and wsbench run on separate cores. A benchmark, not a test.
#   bench/flow.sh [ROUNDS=5] [USERS=10] [DURATION=5s] [MEMORY_USERS=10000] [MEMORY_DURATION=10s]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rounds=${1:-5}; users=${2:-10}; duration=${3:-5s}; many=${4:-10000}; many_duration=${5:-10s}
warmup=${WARMUP:-20000}  # iterations (or requests) per user before each measured point: long enough that the JIT is done (3,000 left C2 compiling inside the point)
bench_install nginx:nginx /usr/bin/time:time taskset:util-linux curl:curl

# one file descriptor per connection, on both sides, and some to spare
hard=$(ulimit -Hn)
ulimit -n "$([ "$hard" = unlimited ] && echo $((many + 2048)) || echo "$hard")"
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $((many + 1024)) ]; then
  echo "$many users need $((many + 1024)) open files, and the hard limit is $(ulimit -Hn): raise it (e.g. in /etc/security/limits.conf) or pass fewer MEMORY_USERS" >&2
  exit 2
fi
# nginx on every core but the last, wsbench on the last (one core alone: both on it)
last=$(($(nproc) - 1))
server_cpus="0-$((last > 0 ? last - 1 : 0))"; generator_cpus=$last

port=${PORT:-18093}
base="http://127.0.0.1:$port"
# worker_connections: twice the users and the probes. nginx starts closing idle keep-alive connections
# to make room once fewer than a sixteenth of them are free: with the users + 512 it closed 160 of
# 10,000 users' connections before their login and the run counted them as connect errors.
conns=$((2 * many + 512))
mkdir -p "$bench_work/logs" "$bench_work/tmp"
# nginx started by root would run its worker as nobody: keep it the invoking user's
user_line=$([ "$(id -u)" = 0 ] && echo "user $(id -un) $(id -gn);" || true)
cat > "$bench_work/nginx.conf" <<CONF
$user_line
worker_processes 1;
worker_rlimit_nofile $((conns + 100));
pid $bench_work/nginx.pid;
error_log $bench_work/logs/error.log;
events { worker_connections $conns; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 300s;
  client_body_temp_path $bench_work/tmp;
  default_type application/json;
  server {
    listen 127.0.0.1:$port backlog=65535;
    # the single-request target, and the one-step flow's only step
    location = /hello.json { return 200 '{"hello":"world"}'; }
    # a new session per login: its id is both the cookie and the token
    location = /login { add_header Set-Cookie "sid=\$request_id; Path=/"; return 200 '{"token":"\$request_id"}'; }
    # create: needs the token as a Bearer header, matching the session cookie
    location = /items {
      if (\$http_authorization != "Bearer \$cookie_sid") { return 401 '{"error":"no session"}'; }
      return 201 '{"id":"\$request_id","owner":"\$cookie_sid"}';
    }
    # read back by id: needs the session cookie, says whose session asked
    location ~ "^/items/(?<item>[0-9a-f]{32})\$" {
      if (\$cookie_sid = "") { return 401 '{"error":"no session"}'; }
      return 200 '{"id":"\$item","owner":"\$cookie_sid"}';
    }
  }
}
CONF
taskset -c "$server_cpus" "$(command -v nginx || echo /usr/sbin/nginx)" -c "$bench_work/nginx.conf" -p "$bench_work"
sleep 0.5
curl -sf "$base/hello.json" >/dev/null || { cat "$bench_work/logs/error.log" >&2; echo "nginx did not start" >&2; exit 1; }

cat > "$bench_work/one-step.yaml" <<FLOW
label: one-step
url: $base
flow:
  steps:
    - { name: hello, method: GET, path: /hello.json }
FLOW
cat > "$bench_work/three-step.yaml" <<'FLOW'
label: three-step
url: BASE
flow:
  setup:
    - { name: login, method: POST, path: /login, body: "user=${vu}", extract: { token: "jsonpath:$.token" } }
  steps:
    - { name: create, method: POST, path: /items, headers: { Authorization: "Bearer ${token}" }, body: '{"user": ${vu}}',
        extract: { id: "jsonpath:$.id", owner: "jsonpath:$.owner" }, checks: ["status: 201"] }
    - { name: read, method: GET, path: "/items/${id}", checks: ["jsonpath:$.owner == '${owner}'"] }
FLOW
sed -i "s|BASE|$base|" "$bench_work/three-step.yaml"

bench_build
# NAME ROUND ARGS...: one load on the generator's core, its point in NAME-ROUND.json and its peak
# RSS (the process's, as /proc's VmHWM: JVM start included) in NAME-ROUND.rss
measure() {
  local name=$1 round=$2; shift 2
  local out="$bench_work/$name-$round"
  taskset -c "$generator_cpus" /usr/bin/time -f "%M" -o "$out.rss" \
      "$bench_home/wsbench" load --json "$@" > "$out.json" 2> "$out.err" \
    || { echo "$name failed:" >&2; cat "$out.err" >&2; exit 1; }
}
for r in $(seq 1 "$rounds"); do
  echo "round $r of $rounds: single request, one-step flow, three-step flow, $many users ..." >&2
  measure single "$r" "$base/hello.json" -c "$users" -d "$duration" --warmup "$warmup"
  measure one-step "$r" --flow "$bench_work/one-step.yaml" -c "$users" -d "$duration" --warmup "$warmup"
  measure three-step "$r" --flow "$bench_work/three-step.yaml" -c "$users" -d "$duration" --warmup "$warmup"
  # long enough for 10,000 connections and logins (the kernel's accept queue holds 4,096 by default) and iterations after
  measure many "$r" --flow "$bench_work/three-step.yaml" -c "$many" -d "$many_duration"
done

python3 - "$bench_work" "$rounds" "$users" "$many" "$duration" "$many_duration" <<'PY'
import json, statistics, sys
work, rounds, users, many, duration, many_duration = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]

def points(name):
    return [json.load(open(f"{work}/{name}-{r}.json")) for r in range(1, rounds + 1)]

def requests(p):  # every request the generator sent: setup, iterations' steps, teardown
    steps = p.get("setup", []) + p.get("steps", []) + p.get("teardown", [])
    return sum(s["requests"] for s in steps) if steps else p["requests"]

def errors(p):
    steps = p.get("setup", []) + p.get("steps", []) + p.get("teardown", [])
    return sum(sum(s["errors"].values()) for s in steps) if steps else sum(p["errors"].values())

def fig(values, f):
    v = sorted(values)
    return f"{f.format(statistics.median(v))} ({f.format(v[0])}-{f.format(v[-1])})"

pts = {n: points(n) for n in ("single", "one-step", "three-step", "many")}
per_req = {n: [1e6 * p["generator"]["cpuSeconds"] / max(1, requests(p)) for p in ps] for n, ps in pts.items()}
per_it = {n: [1e6 * p["generator"]["cpuSeconds"] / max(1, p.get("iterations") or p["requests"]) for p in ps]
          for n, ps in pts.items()}
ratio = lambda n: [a / b for a, b in zip(per_req[n], per_req["single"])]

print(f"{rounds} rounds of {duration} each, {users} users, closed loop; median (min-max)")
print(f"{'load':<44} {'requests/s':>22} {'generator CPU µs/request':>26} {'µs/iteration':>22} "
      f"{'× single, per request':>22} {'bytes sent/recv':>16} {'errors':>7}")
rows = [("single request GET /hello.json", "single"), ("one-step flow GET /hello.json", "one-step"),
        ("three-step flow: create, read (login in setup)", "three-step")]
for label, n in rows:
    ps = pts[n]
    rps = [requests(p) / p["durationSeconds"] for p in ps] if n != "single" else [p["throughput"] for p in ps]
    it = "" if n == "single" else fig(per_it[n], "{:.2f}")
    x = "" if n == "single" else fig(ratio(n), "{:.3f}")
    sizes = f"{statistics.median(p['bytesSentPerRequest'] for p in ps):.0f}/{statistics.median(p['bytesReceivedPerRequest'] for p in ps):.0f}"
    print(f"{label:<44} {fig(rps, '{:,.0f}'):>22} {fig(per_req[n], '{:.2f}'):>26} {it:>22} {x:>22} {sizes:>16} "
          f"{sum(errors(p) for p in ps):>7}")
one = statistics.median(ratio("one-step"))
print(f"one-step flow / single request, generator CPU per request: {one:.3f} "
      f"({min(ratio('one-step')):.3f}-{max(ratio('one-step')):.3f}); the goal: within 5% "
      f"({'met' if abs(one - 1) <= 0.05 else 'NOT met'})")
per_two = [a / (2 * b) for a, b in zip(per_it["three-step"], per_req["single"])]
print(f"three-step flow / single request, generator CPU per request: {statistics.median(ratio('three-step')):.2f}; "
      f"per iteration (its two requests) / two single requests: {fig(per_two, '{:.2f}')}")
ps = pts["three-step"]
steps = {s["name"]: s for s in ps[0]["steps"]}
print("three-step flow: " + ", ".join(f"{s} {statistics.median(next(x for x in p['steps'] if x['name'] == s)['latencyMicros']['p50'] for p in ps):.0f} µs p50"
                                        for s in steps) + f"; {statistics.median(p['iterations'] for p in ps):,.0f} iterations a point")

ms = pts["many"]
rss = [int(open(f"{work}/many-{r}.rss").read().split()[-1]) / 1024 for r in range(1, rounds + 1)]
heap = [p["generator"].get("heapUsedMaxBytes", 0) / 2**20 for p in ms]
live = [p["generator"].get("heapLiveBytes", 0) / 2**20 for p in ms]
logins = [sum(s["validated"] for s in p.get("setup", [])) for p in ms]
print(f"{many:,} users, a cookie jar each, three-step flow for {many_duration}: generator peak RSS {fig(rss, '{:,.0f}')} MB "
      f"(the goal: under 512 MB: {'met' if statistics.median(rss) < 512 else 'NOT met'}); heap used at most "
      f"{fig(heap, '{:,.0f}')} MB, live after the point {fig(live, '{:,.0f}')} MB")
login_max = [max((s["latencyMicros"]["max"] for s in p.get("setup", [])), default=0) / 1e6 for p in ms]
print(f"  logins valid {fig(logins, '{:,.0f}')} of {many:,} (the slowest {fig(login_max, '{:.1f}')} s); iterations {fig([p['iterations'] for p in ms], '{:,.0f}')}, "
      f"valid {fig([p['validated'] for p in ms], '{:,.0f}')}; errors {sum(errors(p) for p in ms)}; "
      f"{fig([p['throughput'] for p in ms], '{:,.0f}')} valid iterations/s")
print("generator CPU is the point's own (run.json's generator.cpuSeconds, warm-up left out) over every request it sent,"
      " setup's included; peak RSS is the whole wsbench process's (JVM start included)")
PY
# KEEP=DIR keeps every point's JSON, the flow files and nginx's config there
[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP" && cp -r "$bench_work"/. "$KEEP"/ && echo "points kept in $KEEP" >&2; }
