#!/usr/bin/env bash
# Conformance of `tripterm serve` with Google's own Fleet Engine message types (google-maps-fleetengine on PyPI).
# First proto_drift.py checks the hand-written .proto files (Protos/) against the descriptors of that package and of
# google-maps-fleetengine-delivery (the Deliveries API, maps.fleetengine.delivery.v1); then this
# starts the server (REST and gRPC, each on a free port) with a throwaway database, mints tokens with
# `tripterm token`, and runs conformance.py, which sends requests shaped like Google's REST clients and parses every
# answer strictly, then grpc_conformance.py, where Google's own Python client drives a whole trip over gRPC, then
# delivery_conformance.py, where Google's own Deliveries client drives a whole delivery day (vans, tasks, stops,
# outcomes, shipment tracking, lists, permissions) twice: over gRPC and over its REST transport.
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
