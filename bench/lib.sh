# Shared by the bench/ scripts: installs Debian packages on demand and serves a static XML with
# nginx (one worker) on 127.0.0.1. Source it; call bench_install PKG... and bench_nginx PORT.
set -euo pipefail
bench_home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bench_work=$(mktemp -d)
chmod 755 "$bench_work"  # nginx workers run as an unprivileged user
bench_cleanup() {
  [ -f "$bench_work/nginx.pid" ] && kill "$(cat "$bench_work/nginx.pid")" 2>/dev/null || true
  [ -n "${bench_base_dir:-}" ] && git -C "$bench_home" worktree remove --force "$bench_base_dir" 2>/dev/null || true
  rm -rf "$bench_work"
}
trap bench_cleanup EXIT

# bench_install CMD:PACKAGE ... installs PACKAGE when CMD is missing (CMD may be a file's full path)
bench_install() {
  local need=()
  for pair in "$@"; do
    local cmd=${pair%%:*} pkg=${pair##*:}
    command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || [ -e "$cmd" ] || need+=("$pkg")
  done
  if [ ${#need[@]} -gt 0 ]; then
    echo "installing ${need[*]} ..." >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  fi
}

bench_echo_module=/usr/lib/nginx/modules/ngx_http_echo_module.so  # Debian's libnginx-mod-http-echo

# bench_nginx PORT [WORKER_CONNECTIONS]: serves /hello.xml (62 bytes) and prints its URL. With
# bench_nginx_sleep=SECONDS set (and the echo module installed), it also serves /slow.xml: the same
# greeting after that long, so nginx itself sets the latency instead of the generators.
bench_nginx() {
  local port=$1 conns=${2:-4096} module="" slow=""
  mkdir -p "$bench_work/www" "$bench_work/logs"
  printf '<?xml version="1.0" encoding="utf-8"?><str>Hello World</str>\n' | head -c 62 > "$bench_work/www/hello.xml"
  if [ -n "${bench_nginx_sleep:-}" ]; then
    module="load_module $bench_echo_module;"
    slow="location = /slow.xml { default_type text/xml; echo_sleep $bench_nginx_sleep; echo '$(head -c 61 "$bench_work/www/hello.xml")'; }"
  fi
  cat > "$bench_work/nginx.conf" <<CONF
$module
worker_processes 1;
worker_rlimit_nofile $((conns * 2 + 100));
pid $bench_work/nginx.pid;
error_log $bench_work/logs/error.log;
events { worker_connections $conns; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 300s;
  client_body_temp_path $bench_work/tmp;
  server {
    listen 127.0.0.1:$port backlog=65535;
    location / { root $bench_work/www; default_type text/xml; }
    $slow
  }
}
CONF
  "$(command -v nginx || echo /usr/sbin/nginx)" -c "$bench_work/nginx.conf" -p "$bench_work"
  sleep 0.5
  curl -sf "http://127.0.0.1:$port/hello.xml" >/dev/null || { echo "nginx did not start" >&2; exit 1; }
  echo "http://127.0.0.1:$port/hello.xml"
}

# bench_timed OUT CMD...: runs CMD, writing "user system maxrss_kb" of it to OUT
bench_timed() {
  local out=$1; shift
  /usr/bin/time -f "%U %S %M" -o "$out" "$@"
}

# bench_base COMMIT: COMMIT checked out beside this checkout (a git worktree, removed by bench_cleanup) and built,
# outside any measurement; its launcher is "$bench_base_dir/wsbench"
bench_base() {
  bench_base_dir="$bench_work/base"
  git -C "$bench_home" worktree add -q --detach "$bench_base_dir" "$1"
  echo "building $1 in $bench_base_dir ..." >&2
  "$bench_base_dir/wsbench" stacks >/dev/null
}

# bench_soap_lua: writes the wrk script that sends the direct stack's SOAP hello (POST, SOAPAction) as the
# default suite's SOAP target sends it, and prints its path
bench_soap_lua() {
  cat > "$bench_work/soap.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "text/xml; charset=utf-8"
wrk.headers["SOAPAction"] = '"urn:hello"'
wrk.body = '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>'
  .. '<h:hello xmlns:h="http://wsbench.io/hello"/></soapenv:Body></soapenv:Envelope>'
LUA
  echo "$bench_work/soap.lua"
}

# the launcher builds on first use: do that outside any measurement
bench_build() {
  "$bench_home/wsbench" stacks >/dev/null
}

# Every tool a script times is measured with the machine's idle cores polling, as wsbench's run and
# load keep them (--cores-awake): Linux's PM QoS held at 0 µs through /dev/cpu_dma_latency for the
# script's life ("0" is read as hex). Without root, or off Linux, the cores idle as the OS chooses.
# A script that measures the hold itself sets BENCH_HOLD=0 before sourcing this file.
if [ "${BENCH_HOLD:-1}" = 1 ] && { exec 9>/dev/cpu_dma_latency; } 2>/dev/null; then
  printf 0 >&9
fi

# nginx (one worker, on the last core) serving a 62-byte XML over h2c at $port (prior knowledge) and over
# TLS at $tls_port (h2 by ALPN, a certificate made here, $bench_work/cert.pem); sets client_cpus to the
# other cores, for the clients. Stopped with the script's work directory (bench_cleanup).
bench_h2_nginx() {
  port=${PORT:-18097}; tls_port=$((port + 1))
  mkdir -p "$bench_work/www" "$bench_work/logs"
  printf '<?xml version="1.0" encoding="utf-8"?><str>Hello World</str>\n' | head -c 62 > "$bench_work/www/hello.xml"
  openssl req -x509 -newkey rsa:2048 -nodes -keyout "$bench_work/key.pem" -out "$bench_work/cert.pem" -days 1 \
    -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 2>/dev/null
  cat > "$bench_work/nginx.conf" <<CONF
worker_processes 1;
pid $bench_work/nginx.pid;
error_log $bench_work/logs/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000;
  http2_max_concurrent_streams 1000;
  client_body_temp_path $bench_work/tmp;
  server {
    listen 127.0.0.1:$port http2;
    listen 127.0.0.1:$tls_port ssl http2;
    ssl_certificate $bench_work/cert.pem;
    ssl_certificate_key $bench_work/key.pem;
    location / { root $bench_work/www; default_type text/xml; }
  }
}
CONF
  last=$(($(nproc) - 1)); client_cpus="0-$((last > 0 ? last - 1 : 0))"
  taskset -c "$last" "$(command -v nginx || echo /usr/sbin/nginx)" -c "$bench_work/nginx.conf" -p "$bench_work" 2>/dev/null
  sleep 0.5
  curl -sf --http2-prior-knowledge "http://127.0.0.1:$port/hello.xml" >/dev/null || { echo "nginx did not start" >&2; exit 1; }
}
