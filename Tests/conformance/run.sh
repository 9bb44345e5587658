#!/usr/bin/env bash
# Conformance of `tripterm serve` with Google's own Fleet Engine message types (google-maps-fleetengine on PyPI).
# First proto_drift.py checks the hand-written .proto files (Protos/) against the descriptors of that package and of
# google-maps-fleetengine-delivery (the Deliveries API, maps.fleetengine.delivery.v1); then this
# starts the server (REST and gRPC, each on a free port) with a throwaway database, mints tokens with
# `tripterm token`, and runs conformance.py, which sends requests shaped like Google's REST clients and parses every
# answer strictly, then grpc_conformance.py, where Google's own Python client drives a whole trip over gRPC, then
# delivery_conformance.py, where Google's own Deliveries client drives a whole delivery day (vans, tasks, stops,
# outcomes, shipment tracking, lists, permissions) twice: over gRPC and over its REST transport. Last, a second
# server with --tls-cert/--tls-key (a CA and a certificate openssl makes here): tls_conformance.py, Google's client
# over TLS trusting that CA.
# Run by `make conformance` (part of `make test`). Needs python3 with venv and pip, and network access to PyPI on
# the first run (the venv is cached in .build/conformance-venv).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT="${SWIFT:-swift}"
venv=.build/conformance-venv
packages=("google-maps-fleetengine==0.6.1" "google-maps-fleetengine-delivery==0.6.1")

if ! "$venv/bin/python" -c "import google.maps.fleetengine_v1, google.maps.fleetengine_delivery_v1" 2>/dev/null; then
  echo "conformance: installing ${packages[*]} into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${packages[@]}"
fi

# The .proto files behind the gRPC code (Sources/FleetEngineProto) still match Google's published API.
"$venv/bin/python" Tests/conformance/proto_drift.py

# TRIPTERM_BIN: another build's tripterm (scripts/test.sh passes the sanitized one).
bin="${TRIPTERM_BIN:-$("$SWIFT" build --show-bin-path)/tripterm}"
[ -x "$bin" ] || { echo "conformance: $bin not built; run swift build first" >&2; exit 1; }

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -TERM "$server_pid"; wait "$server_pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

db="$work/fleet.sqlite"
# Starts the server, REST and gRPC on free ports; sets server_pid, base (http://HOST:PORT) and grpc (HOST:PORT).
start_server() {
  "$bin" serve --port 0 --grpc-port 0 --db "$db" --log-level warning > "$work/stdout" 2> "$work/stderr" &
  server_pid=$!
  base=""
  grpc=""
  for _ in $(seq 1 100); do
    base="$(sed -n 's/^listening on \(http:.*\)/\1/p' "$work/stdout" 2>/dev/null | head -1)"
    grpc="$(sed -n 's/^listening on grpc:\/\///p' "$work/stdout" 2>/dev/null | head -1)"
    [ -n "$base" ] && [ -n "$grpc" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/stderr" >&2; echo "conformance: server exited" >&2; exit 1; }
    sleep 0.1
  done
  echo "conformance: server did not report its address" >&2
  exit 1
}
start_server

server_token="$("$bin" token --server --db "$db")"
driver_token="$("$bin" token --vehicle vehicle-1 --db "$db" --ttl 30m)"
consumer_token="$("$bin" token --trip trip-1 --db "$db" --ttl 30m)"
van_token="$("$bin" token --delivery-vehicle van-1 --db "$db" --ttl 30m)"
parcel_token="$("$bin" token --tracking-id parcel-1 --db "$db" --ttl 30m)"
reader_token="$("$bin" token --fleet-reader --db "$db" --ttl 30m)"
"$venv/bin/python" Tests/conformance/conformance.py "$base" "$server_token" "$driver_token" "$consumer_token"
"$venv/bin/python" Tests/conformance/grpc_conformance.py "$grpc" "$server_token" "$driver_token" "$consumer_token"
"$venv/bin/python" Tests/conformance/delivery_conformance.py "$grpc" "$base" \
  "$server_token" "$van_token" "$parcel_token" "$reader_token"

# An acknowledged write survives SIGKILL: the server commits before it answers.
"$venv/bin/python" Tests/conformance/conformance.py --durable-write "$base" "$server_token"
kill -KILL "$server_pid"
wait "$server_pid" 2>/dev/null || true
start_server
"$venv/bin/python" Tests/conformance/conformance.py --durable-read "$base" "$server_token"

# Graceful shutdown on SIGTERM: the server exits by itself, successfully.
kill -TERM "$server_pid"
wait "$server_pid"
server_pid=""
echo "conformance: server stopped cleanly on SIGTERM"

# TLS: a private CA and a server certificate for 127.0.0.1, then Google's client trusting the CA.
ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
openssl req -x509 "${ec[@]}" -keyout "$work/ca.key" -out "$work/ca.pem" -days 1 -subj "/CN=tripterm conformance CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
openssl req "${ec[@]}" -keyout "$work/server.key" -out "$work/server.csr" -subj "/CN=localhost" 2>/dev/null
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > "$work/server.ext"
openssl x509 -req -in "$work/server.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial \
  -out "$work/server.pem" -days 1 -extfile "$work/server.ext" 2>/dev/null
tls_db="$work/tls.sqlite"
"$bin" serve --port 0 --grpc-port 0 --db "$tls_db" --log-level warning \
  --tls-cert "$work/server.pem" --tls-key "$work/server.key" > "$work/tls-stdout" 2> "$work/tls-stderr" &
server_pid=$!
https_base=""
grpcs=""
for _ in $(seq 1 100); do
  https_base="$(sed -n 's/^listening on \(https:.*\)/\1/p' "$work/tls-stdout" | head -1)"
  grpcs="$(sed -n 's/^listening on grpcs:\/\///p' "$work/tls-stdout" | head -1)"
  [ -n "$https_base" ] && [ -n "$grpcs" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/tls-stderr" >&2; echo "conformance: TLS server exited" >&2; exit 1; }
  sleep 0.1
done
[ -n "$grpcs" ] || { echo "conformance: TLS server did not report its address" >&2; exit 1; }
"$venv/bin/python" Tests/conformance/tls_conformance.py "$grpcs" "$work/ca.pem" \
  "$("$bin" token --server --db "$tls_db")" "$https_base"
