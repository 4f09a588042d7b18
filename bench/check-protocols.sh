#!/usr/bin/env bash
# What checking a small answer costs the generator, protocol by protocol (issue 65, item 1): the
# hello call over SOAP 1.1, REST/XML, JSON, plain text and GraphQL on the direct stack, JSON over h2c on
# the direct stack and gRPC on grpc-java, at USERS users, ROUNDS interleaved rounds (every target once a
# round, in a random order) of DURATION points, one process a server, the generator on the last core
# and the servers on the others (cpus: auto). Prints, per row, median (min-max) over the rounds: the
# generator's CPU per request and its ratio to plain text's in the same round (bench/check-cost.py), and
# the check alone (generator.checkMicrosPerRequest: the time the validators spent, per answer). HTTP/1.1
# rows are held to plain (the goal: at most 1.2x); the HTTP/2 rows to JSON h2, the same transport.
# Closed loop, a slower server makes the generator wake more often per request (fewer answers read per
# wake-up): so each row is also measured open loop at RATE requests/s on USERS connections, a rate
# every server here keeps up with, where the rows differ only by their bytes and their checks.
# A benchmark, not a test.   usage: [RATE=10000] bench/check-protocols.sh [ROUNDS=6] [USERS=5] [DURATION=2s] [KEEP_DIR]
set -euo pipefail
home=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-6}; users=${2:-5}; duration=${3:-2s}; keep=${4:-}; rate=${RATE:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/check-protocols.yaml" <<YAML
name: check-protocols
operation: hello
baseline: plain
instances: 1
repeat: $rounds
cpus: auto
targets:
  - { label: SOAP, stack: direct, protocol: soap11 }
  - { label: REST inline, stack: direct, protocol: rest-xml, variant: inline }
  - { label: JSON, stack: direct, protocol: json }
  - { label: plain, stack: direct, protocol: plain }
  - { label: GraphQL, stack: direct, protocol: graphql }
  - { label: JSON h2, stack: direct, protocol: json, http: 2 }
  - { label: gRPC, stack: grpc, protocol: grpc }
load:
  - { users: $users, duration: $duration }
  - { model: open, rate: $rate, users: $users, duration: $duration }
YAML
start=$(date +%s)
"$home/wsbench" run "$work/check-protocols.yaml" --monitor proc --no-history --out "$work/run" >"$work/run.log" 2>&1 \
  || { tail -20 "$work/run.log"; exit 1; }
echo "check-protocols: $rounds rounds x $duration at $users users, closed loop and open at $rate/s, $(( $(date +%s) - start )) s;" \
  "cpuidle driver $(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none), $(nproc) cores"
python3 "$home/bench/check-cost.py" "$work/run" plain
python3 "$home/bench/check-cost.py" "$work/run" "JSON h2" | grep -E "h2|gRPC|row"
echo "rows flagged 'the load generator set the pace': $(grep -c 'load generator set the pace' "$work/run.log" || true)"
if [ -n "$keep" ]; then mkdir -p "$keep" && cp -r "$work/run" "$keep/"; fi
