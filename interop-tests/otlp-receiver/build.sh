#!/usr/bin/env bash
# Builds the OTLP test receiver into a cache dir (default ~/.cache/wsbench/otlp-receiver) and prints
# the binary's path as the last line of stdout; Go's own output goes to stderr. Nothing is written
# into this folder, so a clean clone stays clean.
#   build.sh [CACHE_DIR]
set -euo pipefail
src=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
command -v go >/dev/null 2>&1 || { echo "otlp-receiver/build.sh: go is not on the PATH: install Go 1.26 or newer" >&2; exit 2; }

mkdir -p "${1:-$HOME/.cache/wsbench/otlp-receiver}"
out=$(cd "${1:-$HOME/.cache/wsbench/otlp-receiver}" && pwd)
bin="$out/otlp-receiver"

if [ -x "$bin" ] && [ "$bin" -nt "$src/main.go" ] && [ "$bin" -nt "$src/go.mod" ] && [ "$bin" -nt "$src/go.sum" ]; then
  echo "$bin"
  exit 0
fi

# GOFLAGS is set whole so that a developer's own (say -mod=vendor) cannot break the build; go.mod and
# go.sum are tidy, so -mod=mod never rewrites them. No VCS stamp: it needs git and the binary does not use it.
# GOWORK=off: a go.work further up must not pull this module into someone else's workspace.
# Build to a temporary name and rename, so an interrupted build never leaves a "fresh" broken binary.
tmp="$bin.tmp.$$"
trap 'rm -f "$tmp"' EXIT
(cd "$src" && GOFLAGS="-mod=mod -buildvcs=false" GOWORK=off CGO_ENABLED=0 \
  go build -trimpath -ldflags="-s -w" -o "$tmp" .) >&2
mv -f "$tmp" "$bin"
echo "$bin"
