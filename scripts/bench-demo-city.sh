#!/usr/bin/env bash
# Whether a simulated city keeps time on this machine (docs/PERFORMANCE.md, "The demo city"): `tripterm demo
# --vehicles CARS` (release build) runs headless for DURATION seconds in real time (--speed 1), printing every
# vehicle change as JSON Lines; each line carries the vehicle's last report with its server time. A reporter on time
# reports every 5 s, so the gaps between one vehicle's successive server times should stay near 5 s: a gap of 10 s
# or more is a missed interval. Prints the gaps' p50/p99/max, the missed intervals, the trips dispatched, and the
# process's CPU and peak memory.
# Needs: python3, `swift build -c release --product tripterm`. Environment: CARS (200), DURATION (300),
# TRIPTERM_BIN (another build's tripterm).
set -euo pipefail
cd "$(dirname "$0")/.."
CARS="${CARS:-200}"
DURATION="${DURATION:-300}"
bin="${TRIPTERM_BIN:-$("${SWIFT:-swift}" build -c release --show-bin-path)/tripterm}"
[ -x "$bin" ] || { echo "bench-demo-city: build first: swift build -c release --product tripterm" >&2; exit 2; }
work="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

"$bin" demo --vehicles "$CARS" --speed 1 --headless --json --data-dir "$work/data" > "$work/fleet.jsonl" 2> "$work/stderr" &
pid=$!
sleep "$DURATION"
if ! kill -0 "$pid" 2>/dev/null; then
  echo "bench-demo-city: the demo ended early:" >&2; cat "$work/stderr" >&2; pid=""; exit 1
fi
ticks=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
peak=$(awk '/^VmHWM:/ { printf "%.1f", $2 / 1024 }' "/proc/$pid/status")
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid=""
python3 - "$work/fleet.jsonl" "$CARS" "$DURATION" "$ticks" "$(getconf CLK_TCK)" "$peak" <<'PY'
import json, sys
from datetime import datetime
path, cars, duration, ticks, hz, peak = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
def seconds(text):
    whole, _, fraction = text.rstrip("Z").partition(".")
    return datetime.fromisoformat(whole).timestamp() + float("0." + (fraction or "0"))
times, trips = {}, set()
for line in open(path):
    event = json.loads(line)
    value = event.get("value") or {}
    for trip in value.get("currentTrips", []): trips.add(trip)
    server = (value.get("lastLocation") or {}).get("serverTime")
    if server: times.setdefault(event["vehicle"], set()).add(seconds(server))
gaps = sorted(b - a for stamps in times.values() for a, b in zip(sorted(stamps), sorted(stamps)[1:]))
def pct(p): return gaps[min(len(gaps) - 1, int(len(gaps) * p))] if gaps else float("nan")
missed = sum(1 for g in gaps if g >= 10)
print("bench-demo-city: %d cars for %.0f s: %d vehicles reported, report gaps p50 %.1f s, p99 %.1f s, max %.1f s; "
      "missed intervals (gap >= 10 s): %d; trips dispatched: %d; CPU %.1f%% of one core; peak RSS %s MB"
      % (cars, duration, len(times), pct(0.5), pct(0.99), gaps[-1] if gaps else float("nan"), missed, len(trips),
         100.0 * ticks / hz / duration, peak))
PY
