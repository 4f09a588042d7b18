#!/usr/bin/env bash
# A user's first, cold `load --http2` with the requests' header blocks written two ways, h2load beside them:
# wsbench's HPACK literals kept per request (the default, core/load/H2Literals) and Netty's HpackEncoder with
# its dynamic table (-Dwsbench.h2.hpack=netty). The rounds and figures are bench/h2-cold.sh's.
#   [WARMUP=none|auto] bench/h2-hpack.sh [SECS=10] [ROUNDS=4] [C=2] [M=8]
exec "$(dirname "$0")/h2-cold.sh" "$@" -- literal= netty=-Dwsbench.h2.hpack=netty
