#!/usr/bin/env bash
# Throughput of `tripterm serve` under wrk, next to nginx serving a static Trip of the same kind
# (../shared/peers/nginx_ceiling.sh beside the checkout, when present). See docs/PERFORMANCE.md, "The local server".
#
# Starts the release build of tripterm on a free loopback port with a throwaway database, creates a vehicle and an
# assigned trip, reports one location with an S2 route segment, then drives with wrk (keep-alive, THREADS threads)
# for DURATION seconds per run:
#   GetTrip as the consumer (JWT verified, SQLite read, progress derived, JSON encoded) at each of CONNS;
#   GetTaskTrackingInfo of one shipment as its consumer, at 64;
#   GetTrip across MISS_TRIPS other trips polled in turn, each with its rider's own token, so that every answer
#   misses the answer cache, at 64; then nginx (1 and auto workers) serving those same answers as MISS_TRIPS files;
#   GetTrip over gRPC at 64 concurrent streams on 4 HTTP/2 connections (Benchmarks' GRPCLoad, built here).
# Needs: wrk (Debian: apt-get install wrk), python3, `swift build -c release --product tripterm`.
# Environment: DURATION (10), THREADS (2), CONNS ("64 256"), NGINX_PEER (1 = also run the nginx ceiling),
# SERVE_FLAGS (added to `tripterm serve`: --no-event-loop-answers sends every poll through Hummingbird,
# --parse-every-poll parses repeated polls too, to compare), MISS_TRIPS (5000; 0 skips that run),
# TRIPTERM_PEERS (the peers' folder; by default ../shared/peers, beside the checkout wherever it is), PERF_MISS (a
# file: `perf record -g` of the server during the cache-miss run, for `perf report -i FILE`), MISS_ONLY (1 = the
# cache-miss run and its peer alone: with TRIPTERM_BIN, an older build beside this one).
# Writes (UpdateVehicle at 64 drivers beside PostgreSQL) are scripts/bench-writes.sh's, which `make bench-server`
# runs next.
set -euo pipefail
cd "$(dirname "$0")/.."
PEERS="${TRIPTERM_PEERS:-$(cd .. && pwd)/shared/peers}"
SWIFT="${SWIFT:-swift}"
DURATION="${DURATION:-10}"
THREADS="${THREADS:-2}"
CONNS="${CONNS:-64 256}"
MISS_TRIPS="${MISS_TRIPS:-5000}"

WRK="$(command -v wrk || true)"
[ -n "$WRK" ] || { echo "bench-server: needs wrk (apt-get install wrk)" >&2; exit 2; }
work="$(mktemp -d)"
pid=""
cleanup() {
  if declare -F nginx_stop > /dev/null; then nginx_stop; fi
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
. scripts/lib/bench-server-fixture.sh
. scripts/lib/wrk-summary.sh

# One location report, as the Driver SDK sends it, so that GetTrip's answer carries the vehicle's position.
report='{"lastLocation":{"location":{"latitude":43.7328119,"longitude":7.4191236},"heading":41,"speed":8.3},"remainingDistanceMeters":1184,"remainingTimeSeconds":173}'
curl_ok=$(python3 - "$base" "$driver" "$report" <<'PY'
import sys, urllib.request
base, token, body = sys.argv[1:]
r = urllib.request.Request(base + "/v1/providers/tripterm-demo/vehicles/vehicle-7?updateMask=lastLocation,remainingDistanceMeters,remainingTimeSeconds",
                           data=body.encode(), method="PUT", headers={"Authorization": "Bearer " + token})
print(urllib.request.urlopen(r).status)
PY
)
[ "$curl_ok" = 200 ] || { echo "bench-server: setup failed" >&2; exit 1; }

echo "bench-server: tripterm $("$bin" --version) ${SERVE_FLAGS:-}, $(nproc) CPUs, ${DURATION}s per run, $THREADS wrk threads, $base"
get="$base/v1/providers/tripterm-demo/trips/trip-1?view=JOURNEY_SHARING_V1S"
# MISS_ONLY=1 runs the cache-miss step alone, so a build older than the steps above can be set beside this one.
if [ "${MISS_ONLY:-0}" != 1 ]; then
  for conns in $CONNS; do
    "$WRK" -t"$THREADS" -c"$conns" -d"${DURATION}s" --latency -H "Authorization: Bearer $consumer" "$get" > "$work/get-$conns.txt" 2>&1
    summary "tripterm GetTrip conns=$conns" "$work/get-$conns.txt"
  done
  # A shipment polled by its consumers, as every visitor of a tracking page polls it: GetTaskTrackingInfo with the
  # consumer's token, through the same answer cache and fast path as GetTrip (a van with the parcel's stop ahead).
  python3 - "$base" "$server" <<'PY'
import json, sys, urllib.request
base, server = sys.argv[1:]
def call(method, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Authorization": "Bearer " + server, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 200
stop = {"latitude": 43.7395322, "longitude": 7.4268815}
call("POST", "/v1/providers/tripterm-demo/deliveryVehicles?deliveryVehicleId=van-1",
     {"lastLocation": {"location": {"latitude": 43.7328119, "longitude": 7.4191236}, "heading": 41}})
call("POST", "/v1/providers/tripterm-demo/tasks?taskId=t1",
     {"type": "DELIVERY", "state": "OPEN", "trackingId": "parcel-1", "taskDuration": "120s", "plannedLocation": {"point": stop}})
call("PATCH", "/v1/providers/tripterm-demo/deliveryVehicles/van-1?updateMask=remainingVehicleJourneySegments",
     {"remainingVehicleJourneySegments": [{"stop": {"state": "ENROUTE", "plannedLocation": {"point": stop}, "tasks": [{"taskId": "t1"}]}}]})
PY
  parcel="$("$bin" token --tracking-id parcel-1 --db "$db")"
  "$WRK" -t"$THREADS" -c64 -d"${DURATION}s" --latency -H "Authorization: Bearer $parcel" \
    "$base/v1/providers/tripterm-demo/taskTrackingInfo/parcel-1" > "$work/track-64.txt" 2>&1
  summary "tripterm GetTaskTrackingInfo conns=64" "$work/track-64.txt"

  # The same poll over gRPC, as Google's client libraries send it: 64 calls in flight on 4 connections.
  (cd Benchmarks && "$SWIFT" build -c release --product GRPCLoad > "$work/grpcload-build.txt" 2>&1) \
    || { cat "$work/grpcload-build.txt" >&2; exit 1; }
  grpc_load="$(cd Benchmarks && "$SWIFT" build -c release --show-bin-path)/GRPCLoad"
  echo "tripterm GetTrip over gRPC streams=64: $("$grpc_load" "$grpc" "$consumer" providers/tripterm-demo/trips/trip-1 64 "$DURATION" 4)"
  # The stack's own ceiling: an unknown path answered with Google's 404 error JSON (no token, no SQLite), so the
  # GetTrip numbers can be split into what HTTP costs and what the request's work costs.
  "$WRK" -t"$THREADS" -c64 -d"${DURATION}s" --latency "$base/v1/unknown" > "$work/404-64.txt" 2>&1
  summary "tripterm unknown path (404 JSON) conns=64" "$work/404-64.txt"
fi

# The runs above poll one trip, as many riders (or clients) of a trip do: after the first request of each second,
# the answer comes from the cache. A lone rider polling every few seconds misses it every time (in a city its vehicle
# reports in between, and any write empties the cache). So: MISS_TRIPS trips, each assigned to a vehicle of its own
# that has reported a location, polled in turn by all connections (each wrk thread takes every THREADS-th). At tens
# of thousands of polls a second each trip would still come round several times a second and hit the cache, so
# every poll also carries a currentRouteSegmentVersion of its own, older than the trip's: the same full answer under
# a key never asked before. nginx, which ignores the query, serves those answers as files.
if [ "$MISS_TRIPS" -gt 0 ]; then
  python3 - "$base" "$server" "$MISS_TRIPS" <<'PY'
import json, sys, urllib.request
from concurrent.futures import ThreadPoolExecutor
base, token, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
def call(method, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 200
def seed(i):
    lat, lng = 43.725 + (i % 100) * 0.0003, 7.405 + (i // 100) * 0.0006
    call("POST", "/v1/providers/tripterm-demo/vehicles?vehicleId=mv-%d" % i,
         {"vehicleState": "ONLINE", "supportedTripTypes": ["EXCLUSIVE"], "maximumCapacity": 4, "vehicleType": {"category": "AUTO"}})
    call("POST", "/v1/providers/tripterm-demo/trips?tripId=miss-%d" % i,
         {"tripType": "EXCLUSIVE", "vehicleId": "mv-%d" % i, "pickupPoint": {"point": {"latitude": lat + 0.004, "longitude": lng + 0.004}},
          "dropoffPoint": {"point": {"latitude": lat + 0.012, "longitude": lng + 0.01}}})
    call("PUT", "/v1/providers/tripterm-demo/vehicles/mv-%d?updateMask=lastLocation" % i,
         {"lastLocation": {"location": {"latitude": lat, "longitude": lng}, "heading": 41, "speed": 8.3}})
with ThreadPoolExecutor(16) as pool:
    list(pool.map(seed, range(count)))
PY
  # Each rider with a token of its own, as in a city: the token cache holds them all once warm.
  "$bin" token --db "$db" $(for i in $(seq 0 $((MISS_TRIPS - 1))); do echo "--trip miss-$i"; done) > "$work/miss-tokens"
  miss_lua() { # $1 = whether to send the riders' tokens
    cat <<LUA
local tokens = {}
for line in io.lines("$work/miss-tokens") do tokens[#tokens + 1] = line end
local threads = 0
function setup(thread) thread:set("id", threads); threads = threads + 1 end
local turn = 0
function request()
  turn = turn + 1
  local trip = (turn * $THREADS + id) % $MISS_TRIPS
  local headers = {}
  if $1 then headers["Authorization"] = "Bearer " .. tokens[trip + 1] end
  local version = string.format("&currentRouteSegmentVersion=1970-01-01T00:00:00.%09dZ", turn % 1000000000)
  return wrk.format("GET", "/v1/providers/tripterm-demo/trips/miss-" .. trip .. "?view=JOURNEY_SHARING_V1S" .. version,
    headers)
end
LUA
  }
  miss_lua true > "$work/miss.lua"
  perf_pid=""
  if [ -n "${PERF_MISS:-}" ]; then
    perf record -g -p "$pid" -o "$PERF_MISS" -- sleep "$((DURATION - 2))" > "$work/perf.txt" 2>&1 &
    perf_pid=$!
  fi
  "$WRK" -t"$THREADS" -c64 -d"${DURATION}s" --latency -s "$work/miss.lua" "$base" > "$work/miss-64.txt" 2>&1
  if [ -n "$perf_pid" ]; then wait "$perf_pid" || true; fi
  summary "tripterm GetTrip, $MISS_TRIPS trips in turn (cache misses) conns=64" "$work/miss-64.txt"

  # The peer: nginx serving each of those answers, byte for byte, as a file of its own at the same path, polled in
  # the same turn (the query is ignored).
  if [ "${NGINX_PEER:-1}" = 1 ] && { command -v nginx > /dev/null || [ -x /usr/sbin/nginx ]; }; then
    python3 - "$base" "$server" "$MISS_TRIPS" "$work/www/v1/providers/tripterm-demo/trips" <<'PY'
import os, sys, urllib.request
from concurrent.futures import ThreadPoolExecutor
base, token, count, folder = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
os.makedirs(folder, exist_ok=True)
def save(i):
    request = urllib.request.Request("%s/v1/providers/tripterm-demo/trips/miss-%d?view=JOURNEY_SHARING_V1S" % (base, i),
                                     headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request) as response, open("%s/miss-%d" % (folder, i), "wb") as out:
        out.write(response.read())
with ThreadPoolExecutor(16) as pool:
    list(pool.map(save, range(count)))
PY
    kill -TERM "$pid"; wait "$pid" || true; pid=""
    . scripts/lib/nginx-peer.sh
    miss_lua false > "$work/miss-nginx.lua"
    for workers in 1 auto; do
      nginx_start "$work/www" "$workers"
      "$WRK" -t"$THREADS" -c64 -d"${DURATION}s" --latency -s "$work/miss-nginx.lua" "$nginx_base" \
        > "$work/nginx-$workers.txt" 2>&1
      nginx_stop
      summary "nginx worker_processes=$workers, the same $MISS_TRIPS answers as files in turn conns=64" \
        "$work/nginx-$workers.txt"
    done
  fi
fi

if [ "${NGINX_PEER:-1}" = 1 ]; then
  if [ -x "$PEERS/nginx_ceiling.sh" ]; then
    if [ -n "$pid" ]; then kill -TERM "$pid"; wait "$pid" || true; pid=""; fi
    DURATION="$DURATION" THREADS="$THREADS" CONNS="$CONNS" "$PEERS/nginx_ceiling.sh"
  else
    echo "bench-server: nginx ceiling skipped: no $PEERS/nginx_ceiling.sh" >&2
  fi
fi
