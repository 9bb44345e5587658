#!/usr/bin/env bash
# The city with events on (issue 32; docs/PERFORMANCE.md, "The city"): scripts/bench-city.sh twice in one run — as
# it is, then with `serve --events-url` pointing at a receiver here and 20 geofences over Monaco — so that what events
# cost the city's writes and reads is read side by side. The receiver (scripts/lib/webhook-receiver.py) prints,
# after the second run: events received, per second, and their delivery latency p50 / p99 / max.
# Environment: as bench-city.sh (CITY, DURATION, TRIPTERM_BIN…).
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
receiver=""
cleanup() {
  if [ -n "$receiver" ] && kill -0 "$receiver" 2>/dev/null; then kill "$receiver"; wait "$receiver" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

python3 scripts/lib/webhook-receiver.py "$work" &
receiver=$!
for _ in $(seq 1 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port="$(cat "$work/port")"

# 20 circles of 250 m on a grid over the city's 10 km square (CityLoad's CityRoute), in an events file (WKT has
# spaces, which SERVE_FLAGS would split).
{
  echo "[geofences]"
  for i in $(seq 0 19); do
    awk -v i="$i" 'BEGIN { printf "fence-%d = \"CIRCLE (%.4f %.4f, 250)\"\n", i, 43.700 + int(i / 5) * 0.020, 7.375 + (i % 5) * 0.025 }'
  done
} > "$work/events.toml"

echo "=== events off"
scripts/bench-city.sh
echo "=== events on: a receiver taking every event, 20 geofences"
SERVE_FLAGS="${SERVE_FLAGS:-} --events-url http://127.0.0.1:$port/hooks --events-config $work/events.toml" \
  scripts/bench-city.sh
sleep 2
echo "receiver: $(curl -sS "http://127.0.0.1:$port/stats")"
