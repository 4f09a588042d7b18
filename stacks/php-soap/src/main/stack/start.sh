#!/usr/bin/env bash
# Starts the php-soap stack on 127.0.0.1:PORT. Installs php-cli and php-soap first when they are
# missing; exits 77 ("unavailable", StackDescriptor.UNAVAILABLE_EXIT) when PHP can't be had here.
# Options arrive as environment variables: WSBENCH_WSDL_CACHE_DIR (default: a fresh temp directory,
# so every start is a cold start).
set -uo pipefail
port=${1:?usage: start.sh PORT}
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# not "php -m | grep -q": grep leaving early kills php with SIGPIPE, and pipefail calls that a failure
has_php() { command -v php >/dev/null 2>&1 && php -r 'exit(extension_loaded("soap") ? 0 : 1);' 2>/dev/null; }

if ! has_php; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "php-soap unavailable: php with ext/soap is not installed and apt-get can't be run here"
    exit 77
  fi
  echo "installing php-cli and php-soap with apt-get ..."
  export DEBIAN_FRONTEND=noninteractive
  if ! { apt-get update -q && apt-get install -y -q --no-install-recommends php-cli php-soap; }; then
    echo "php-soap unavailable: apt-get could not install php-cli php-soap"
    exit 77
  fi
  has_php || { echo "php-soap unavailable: php installed but ext/soap does not load"; exit 77; }
fi

cache=${WSBENCH_WSDL_CACHE_DIR:-}
if [ -z "$cache" ]; then
  cache=$(mktemp -d "${TMPDIR:-/tmp}/wsbench-php-wsdl-cache.XXXXXX")
fi
mkdir -p "$cache"
echo "PHP $(php -r 'echo PHP_VERSION;') ext/soap, WSDL cache directory $cache"
# soap.wsdl_cache=1 is PHP's default, the disk cache; each endpoint switches caching on or off itself
exec php -d soap.wsdl_cache_dir="$cache" -d soap.wsdl_cache=1 -d soap.wsdl_cache_ttl=86400 \
  -d display_errors=stderr -d log_errors=0 -S "127.0.0.1:$port" "$dir/router.php"
