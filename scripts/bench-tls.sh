#!/usr/bin/env bash
# Cached GetTrip polls under wrk over plaintext and over TLS, with the fast path and without it
# (--no-event-loop-answers): whether TLS keeps the event-loop answers (docs/server.md, "TLS and limits"); then nginx
# over TLS with the same certificate serving the same answer as a file, with 1 and auto workers (NGINX_PEER=0 skips
# it), the peer docs/PERFORMANCE.md compares with.
# Makes a throwaway CA and certificate with openssl, starts `tripterm serve --no-grpc` three times on a throwaway
# database, creates one trip and polls it as its rider with wrk (THREADS threads, CONNS connections, DURATION s).
# Needs: wrk, openssl, curl, a built tripterm (BIN; by default the debug build's). Prints one line per run.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${BIN:-$("${SWIFT:-swift}" build --show-bin-path)/tripterm}"
DURATION="${DURATION:-8}"
THREADS="${THREADS:-2}"
CONNS="${CONNS:-64}"
command -v wrk > /dev/null || { echo "bench-tls: needs wrk (apt-get install wrk)" >&2; exit 2; }
work="$(mktemp -d)"
pid=""
. scripts/lib/serve.sh
cleanup() {
  serve_stop
  rm -rf "$work"
}
trap cleanup EXIT

. scripts/lib/test-ca.sh
make_test_ca "$work"

# run LABEL SCHEME [serve flags…]
run() {
  local label=$1 scheme=$2 db="$work/fleet.sqlite"
  shift 2
  rm -f "$db"*
  serve_start "$scheme" "$db" "$@"
  serve_rider_trip "$db"
  curl -sS --cacert "$work/ca.pem" -o "$work/answer.json" -H "Authorization: Bearer $rider" \
    "$url/v1/providers/p/trips/t1"
  printf '%-32s ' "$label"
  wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" -H "Authorization: Bearer $rider" "$url/v1/providers/p/trips/t1" |
    awk '/Requests\/sec/ {printf "%s polls/s  ", $2} /Latency/ {printf "latency avg %s  ", $2}'
  echo
  serve_stop
}
run "plaintext, fast path" http
run "TLS, fast path" https --tls-cert "$work/server.pem" --tls-key "$work/server.key"
run "TLS, --no-event-loop-answers" https --tls-cert "$work/server.pem" --tls-key "$work/server.key" \
  --no-event-loop-answers

if [ "${NGINX_PEER:-1}" = 1 ] && { command -v nginx > /dev/null || [ -x /usr/sbin/nginx ]; }; then
  . scripts/lib/nginx-peer.sh
  trap 'nginx_stop; cleanup' EXIT
  mkdir -p "$work/www/v1/providers/p/trips"
  cp "$work/answer.json" "$work/www/v1/providers/p/trips/t1"
  chmod a+r "$work/server.pem" "$work/server.key"
  for workers in 1 auto; do
    nginx_start "$work/www" "$workers" "$work/server.pem" "$work/server.key"
    printf '%-32s ' "nginx TLS, $workers worker(s)"
    wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" "$nginx_base/v1/providers/p/trips/t1" |
      awk '/Requests\/sec/ {printf "%s polls/s  ", $2} /Latency/ {printf "latency avg %s  ", $2}'
    echo
    nginx_stop
  done
fi
