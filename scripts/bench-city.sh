#!/usr/bin/env bash
# The city (issue 22; docs/PERFORMANCE.md, "The city"): CITY vehicles and CITY riders on a throwaway release
# `tripterm serve`, each trip assigned to its own vehicle (ENROUTE_TO_PICKUP). For DURATION seconds every vehicle
# sends UpdateVehicle as the Driver SDK does (location, S2 route segment to the pickup, distance and time left) and
# every rider polls GetTrip (JOURNEY_SHARING_V1S), each every 5 s at its own phase and with its own token: at
# CITY=10000, 2,000 writes/s and 2,000 reads/s. Open loop: each request goes at its scheduled time and its latency
# counts from then. The load generator is Benchmarks' CityLoad (NIO, HTTP/1.1 keep-alive, built here); it mints the
# 2 × CITY tokens with the server's key and seeds the city itself.
# Prints, per run: offered and achieved req/s, p50/p99/max latency of writes and reads after the first 5 s round,
# then the first round's apart (every token and resource is new to the server then, as after a restart), `errors N`
# (non-2xx, timeouts past 5 s, connection errors), the server's CPU (% of one core) and memory (VmRSS, VmHWM) over
# the run, and `holds yes|no`: after the first round both rates at least 99 % of the offered load and p99 ≤ 50 ms
# for both; no error in any round.
# DEPOT_TASKS=N runs the depot city instead (issue 36): CITY vans with N delivery tasks each (in stops of 5), every
# van sending UpdateDeliveryVehicle and every shipment polled with GetTaskTrackingInfo every 5 s — at CITY=1000
# DEPOT_TASKS=50, 200 writes/s and 10,000 reads/s.
# FIND_MAX=1 searches instead for the largest city that holds, a fresh server per step of FIND_DURATION seconds:
# doubling from FIND_START, then bisecting to within FIND_STEP vehicles; it ends with `capacity N` (CITY is not run:
# a depot's default of 10,000 vans would take its tokens' hour).
# Needs: `swift build -c release --product tripterm`. Environment: CITY (10000), DURATION (60), CONNECTIONS (256),
# TRIPTERM_BIN (another build's tripterm), SERVE_FLAGS (added to `tripterm serve`), FIND_MAX (0), FIND_DURATION (20),
# FIND_START (1000), FIND_LIMIT (64000: the search stops doubling there), FIND_STEP (250).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
CITY="${CITY:-10000}"
DURATION="${DURATION:-60}"
CONNECTIONS="${CONNECTIONS:-256}"
FIND_MAX="${FIND_MAX:-0}"
FIND_DURATION="${FIND_DURATION:-20}"
FIND_START="${FIND_START:-1000}"
FIND_LIMIT="${FIND_LIMIT:-64000}"
FIND_STEP="${FIND_STEP:-250}"
DEPOT_TASKS="${DEPOT_TASKS:-}"
depot=()
if [ -n "$DEPOT_TASKS" ]; then depot=(--depot "$DEPOT_TASKS"); fi
for setting in CITY DURATION CONNECTIONS FIND_DURATION FIND_START FIND_LIMIT FIND_STEP ${DEPOT_TASKS:+DEPOT_TASKS}; do
  [[ "${!setting}" =~ ^[1-9][0-9]*$ ]] || { echo "bench-city: $setting must be a positive whole number" >&2; exit 2; }
done

bin="${TRIPTERM_BIN:-$("$SWIFT" build -c release --show-bin-path)/tripterm}"
[ -x "$bin" ] || { echo "bench-city: build first: swift build -c release --product tripterm" >&2; exit 2; }
work="$(mktemp -d)"
pid=""
stop_server() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" || true; fi
  pid=""
}
cleanup() {
  stop_server
  rm -rf "$work"
}
trap cleanup EXIT

(cd Benchmarks && "$SWIFT" build -c release --product CityLoad > "$work/cityload-build.txt" 2>&1) \
  || { cat "$work/cityload-build.txt" >&2; exit 1; }
city_load="$(cd Benchmarks && "$SWIFT" build -c release --show-bin-path)/CityLoad"

# `run_city N SECONDS`: a fresh server with an empty database in its own folder, the city of N on it, then the
# server stopped. CityLoad's report goes to stdout and to $work/city-N.txt.
run_city() {
  local size="$1" seconds="$2" dir="$work/serve-$1" base=""
  mkdir -p "$dir"
  "$bin" serve --port 0 --db "$dir/fleet.sqlite" --log-level warning ${SERVE_FLAGS:-} > "$dir/stdout" 2> "$dir/stderr" &
  pid=$!
  for _ in $(seq 1 100); do
    base="$(sed -n 's/^listening on \(http:.*\)/\1/p' "$dir/stdout" | head -1)"
    [ -n "$base" ] && break
    sleep 0.1
  done
  [ -n "$base" ] || { cat "$dir/stderr" >&2; exit 1; }
  "$city_load" "$base" "$dir/server-key.pem" "$size" "$seconds" --connections "$CONNECTIONS" --server-pid "$pid" \
    ${depot[@]+"${depot[@]}"} | tee "$work/city-$size.txt"
  stop_server
  rm -rf "$dir"
}

# `holds N`: whether the last run of the city of N held.
holds() { grep -qx 'holds yes' "$work/city-$1.txt"; }

if [ "$FIND_MAX" != 1 ]; then
  echo "bench-city: tripterm $("$bin" --version) ${SERVE_FLAGS:-}, $(nproc) CPUs, city $CITY${DEPOT_TASKS:+ (depot, $DEPOT_TASKS tasks a van)} for ${DURATION}s"
  run_city "$CITY" "$DURATION"
else
  echo "bench-city: tripterm $("$bin" --version) ${SERVE_FLAGS:-}, $(nproc) CPUs${DEPOT_TASKS:+, depot ($DEPOT_TASKS tasks a van)}: searching for the largest city that holds, ${FIND_DURATION}s per step"
  good=0
  bad=0
  size="$FIND_START"
  while [ "$bad" = 0 ] && [ "$size" -le "$FIND_LIMIT" ]; do
    echo "--- city $size"
    run_city "$size" "$FIND_DURATION"
    if holds "$size"; then good="$size"; size=$((size * 2)); else bad="$size"; fi
  done
  while [ "$bad" -gt 0 ] && [ $((bad - good)) -gt "$FIND_STEP" ]; do
    size=$(((good + bad) / 2))
    echo "--- city $size"
    run_city "$size" "$FIND_DURATION"
    if holds "$size"; then good="$size"; else bad="$size"; fi
  done
  if [ "$bad" = 0 ]; then
    echo "capacity at least $good (the search stops at FIND_LIMIT=$FIND_LIMIT)"
  else
    echo "capacity $good (the city of $bad did not hold)"
  fi
fi
