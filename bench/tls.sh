#!/usr/bin/env bash
# wsbench load vs wrk over TLS: nginx (one worker) serving the small static XML over https on
# 127.0.0.1 with a certificate made here (a CA of its own, TLS 1.3, session cache and tickets on).
# Keep-alive: same connections and duration, alternating, ROUNDS times, with wsbench on each TLS
# provider (jdk, openssl = netty-tcnative's BoringSSL). Then a handshake per request
# (--no-keepalive) on each provider: handshake time and resumed share from wsbench's own record.
# Prints throughput, client CPU and requests per client CPU-second. A benchmark, not a test.
#   bench/tls.sh [CONNECTIONS=10] [SECONDS=10] [ROUNDS=3]
# WSBENCH_BIN=CMD runs CMD instead of the ./wsbench launcher (and builds nothing).
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
conns=${1:-10}; secs=${2:-10}; rounds=${3:-3}
port=${PORT:-18443}
bench_install nginx:nginx wrk:wrk time:time openssl:openssl

# a CA and a server certificate for 127.0.0.1, in the scratch directory only
certs="$bench_work/certs"; mkdir -p "$certs"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=wsbench bench CA" \
    -keyout "$certs/ca-key.pem" -out "$certs/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=localhost" \
    -keyout "$certs/server-key.pem" -out "$certs/server.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' > "$certs/ext"
openssl x509 -req -in "$certs/server.csr" -CA "$certs/ca.pem" -CAkey "$certs/ca-key.pem" -CAcreateserial -days 2 \
    -extfile "$certs/ext" -out "$certs/server.pem" 2>/dev/null
chmod 644 "$certs"/*.pem

mkdir -p "$bench_work/www" "$bench_work/logs"
printf '<?xml version="1.0" encoding="utf-8"?><str>Hello World</str>\n' | head -c 62 > "$bench_work/www/hello.xml"
cat > "$bench_work/nginx.conf" <<CONF
worker_processes 1;
worker_rlimit_nofile 10000;
pid $bench_work/nginx.pid;
error_log $bench_work/logs/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 300s;
  client_body_temp_path $bench_work/tmp;
  server {
    listen 127.0.0.1:$port ssl backlog=65535;
    ssl_certificate $certs/server.pem;
    ssl_certificate_key $certs/server-key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:SSL:10m;
    ssl_session_tickets on;
    location / { root $bench_work/www; default_type text/xml; }
  }
}
CONF
"$(command -v nginx || echo /usr/sbin/nginx)" -c "$bench_work/nginx.conf" -p "$bench_work"
sleep 0.5
url="https://127.0.0.1:$port/hello.xml"
curl -sf --cacert "$certs/ca.pem" "$url" >/dev/null || { echo "nginx did not start with TLS" >&2; exit 1; }
echo "nginx serving $url ($(openssl version))" >&2

wsbench=${WSBENCH_BIN:-$bench_home/wsbench}
[ -n "${WSBENCH_BIN:-}" ] || bench_build
threads=$(nproc)
wsb_threads=(${WSBENCH_THREADS:+--threads "$WSBENCH_THREADS"})
results="$bench_work/results.tsv"
: > "$results"
wsbench_row() {  # NAME ARGS...: one wsbench load, its whole-process row and its point-only row
  local name=$1; shift
  bench_timed "$bench_work/time" "$wsbench" load "$url" --cacert "$certs/ca.pem" "$@" \
      "${wsb_threads[@]}" --expect 'Hello World' --json > "$bench_work/out"
  read -r u s m < "$bench_work/time"
  python3 - "$bench_work/out" "$name" "$u" "$s" "$m" "$secs" >> "$results" <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); name, u, s, m, secs = sys.argv[2:]
assert p["validated"] == p["requests"], "errors: %s" % p["errors"]
print(name, p["requests"], u, s, m, secs, sep="\t")
print(name + "-point", p["requests"], p["generator"]["cpuSeconds"], 0, m, secs, sep="\t")
PY
}
for r in $(seq 1 "$rounds"); do
  echo "round $r: wrk ..." >&2
  bench_timed "$bench_work/time" wrk -t"$threads" -c"$conns" -d"${secs}s" "$url" > "$bench_work/out" 2>&1
  read -r u s m < "$bench_work/time"
  echo -e "wrk\t$(awk '/requests in/ {print $1}' "$bench_work/out")\t$u\t$s\t$m\t$secs" >> "$results"
  echo "round $r: wrk -t1 ..." >&2
  bench_timed "$bench_work/time" wrk -t1 -c"$conns" -d"${secs}s" "$url" > "$bench_work/out" 2>&1
  read -r u s m < "$bench_work/time"
  echo -e "wrk-t1\t$(awk '/requests in/ {print $1}' "$bench_work/out")\t$u\t$s\t$m\t$secs" >> "$results"
  for provider in jdk openssl; do
    echo "round $r: wsbench --tls-provider $provider ..." >&2
    wsbench_row "wsb-$provider" -c "$conns" -d "${secs}s" --tls-provider "$provider"
  done
done
echo "keep-alive, $conns connections, ${secs} s, $rounds rounds:"
python3 "$here/table.py" "$results"

# a handshake per request: what each provider's handshakes cost the client, and how many resumed
hs="$bench_work/handshakes.tsv"
: > "$hs"
for r in $(seq 1 "$rounds"); do
  for provider in jdk openssl; do
    echo "round $r: wsbench --no-keepalive --tls-provider $provider ..." >&2
    "$wsbench" load "$url" --cacert "$certs/ca.pem" -c "$conns" -d "$(( (secs + 1) / 2 ))s" --no-keepalive \
        --tls-provider "$provider" "${wsb_threads[@]}" --expect 'Hello World' --json > "$bench_work/out"
    python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); t=p["tls"]; g=p["generator"]
print(sys.argv[2], p["throughput"], t["handshakeMicrosMean"], t["resumedShare"], p["requests"] / g["cpuSeconds"], t["protocol"], sep="\t")' \
        "$bench_work/out" "$provider" >> "$hs"
  done
done
echo
echo "a new connection (and handshake) per request, $conns connections, $(( (secs + 1) / 2 )) s, $rounds rounds:"
python3 - "$hs" <<'PY'
import statistics as st, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
print(f"{'provider':9} {'req/s':>24} {'handshake µs (mean)':>26} {'resumed':>18} {'req per CPU-s (point)':>26}")
for prov in dict.fromkeys(r[0] for r in rows):
    rs = [r for r in rows if r[0] == prov]
    def col(i, f="{:,.0f}"):
        v = [float(r[i]) for r in rs]
        return f"{f.format(st.median(v))} ({f.format(min(v))}-{f.format(max(v))})"
    print(f"{prov:9} {col(1):>24} {col(2):>26} {col(3, '{:.2f}'):>18} {col(4):>26}  {rs[0][5]}")
PY
