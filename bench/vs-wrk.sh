#!/usr/bin/env bash
# wsbench load vs wrk against nginx (one worker) serving a small static XML on 127.0.0.1.
# Same connections and duration, alternating A B A B, ROUNDS times. Prints throughput, client
# CPU, requests per client CPU-second and the ratios to wrk. A benchmark, not a test.
#   bench/vs-wrk.sh [CONNECTIONS=10] [DURATION=10] [ROUNDS=3]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
home=$(dirname "$here")
conns=${1:-10}; secs=${2:-10}; rounds=${3:-3}
port=${PORT:-18089}

need=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
command -v wrk >/dev/null || need+=(wrk)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]} ..." >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
nginx=$(command -v nginx || echo /usr/sbin/nginx)

work=$(mktemp -d)
trap '[ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/www" "$work/logs"
chmod 755 "$work"  # nginx workers run as an unprivileged user
printf '<?xml version="1.0" encoding="utf-8"?><str>Hello World</str>\n' | head -c 62 > "$work/www/hello.xml"
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000;
  client_body_temp_path $work/tmp;
  server {
    listen 127.0.0.1:$port;
    location / { root $work/www; default_type text/xml; }
  }
}
CONF
"$nginx" -c "$work/nginx.conf" -p "$work"
sleep 0.5
url="http://127.0.0.1:$port/hello.xml"
curl -sf "$url" >/dev/null || { echo "nginx did not start" >&2; exit 1; }

# build once, outside the measurement
"$home/wsbench" stacks >/dev/null

threads=$(nproc)
results="$work/results.tsv"
run_wrk() {
  /usr/bin/time -f "%U %S %M" -o "$work/time" wrk -t"$threads" -c"$conns" -d"${secs}s" "$url" > "$work/out" 2>&1
  local rps; rps=$(awk '/Requests\/sec/ {print $2}' "$work/out")
  local reqs; reqs=$(awk '/requests in/ {print $1}' "$work/out")
  read -r u s m < "$work/time"
  echo -e "wrk\t$rps\t$reqs\t$u\t$s\t$m" >> "$results"
}
run_wsbench() {
  /usr/bin/time -f "%U %S %M" -o "$work/time" "$home/wsbench" load "$url" -c "$conns" -d "${secs}s" \
      --threads "$threads" --expect 'Hello World' --json > "$work/out"
  local rps reqs
  rps=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["throughput"])' "$work/out")
  reqs=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["requests"], p["errors"])' "$work/out" | cut -d' ' -f1)
  read -r u s m < "$work/time"
  echo -e "wsbench\t$rps\t$reqs\t$u\t$s\t$m" >> "$results"
}

echo "nginx 1 worker, $url, $conns connections, ${secs}s, $rounds rounds, client threads $threads" >&2
for r in $(seq 1 "$rounds"); do
  echo "round $r: wrk ..." >&2; run_wrk
  echo "round $r: wsbench ..." >&2; run_wsbench
done

python3 - "$results" <<'PY'
import sys, statistics as st
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
by = {}
for tool, rps, reqs, u, s, m in rows:
    cpu = float(u) + float(s)
    by.setdefault(tool, []).append(dict(rps=float(rps), reqs=float(reqs), cpu=cpu,
                                        per_cpu=float(reqs) / cpu if cpu else 0, rss=int(m) / 1024))
def fmt(vals, f="{:,.0f}"):
    return f"{f.format(st.median(vals))} ({f.format(min(vals))}-{f.format(max(vals))})"
print(f"{'tool':8} {'req/s median (min-max)':>30} {'CPU-s/100k req':>22} {'req per CPU-s':>28} {'peak RSS MB':>12}")
for tool, rs in by.items():
    print(f"{tool:8} {fmt([r['rps'] for r in rs]):>30} "
          f"{fmt([100000 * r['cpu'] / r['reqs'] for r in rs], '{:.2f}'):>22} "
          f"{fmt([r['per_cpu'] for r in rs]):>28} {st.median([r['rss'] for r in rs]):>12.0f}")
w, b = by["wrk"], by["wsbench"]
ratio = [x["rps"] / y["rps"] for x, y in zip(b, w)]
eff = [x["per_cpu"] / y["per_cpu"] for x, y in zip(b, w)]
print(f"wsbench / wrk throughput: median {st.median(ratio):.2f} (min {min(ratio):.2f}, max {max(ratio):.2f})")
print(f"wsbench / wrk requests per client CPU-second: median {st.median(eff):.2f} (min {min(eff):.2f}, max {max(eff):.2f})")
PY
