#!/usr/bin/env bash
# The fleet view's cost at rest, release build (docs/PERFORMANCE.md, "The fleet screen"): the local server holds
# VEHICLES vehicles in Monaco (the fixture's vehicle-7 on trip-1 and the rest created over REST with a server token,
# each with a last location, a tenth offline), and `tripterm fleet` follows them at a 5 s interval in a 200×60 tmux
# window for IDLE seconds with nothing changing: CPU time (utime+stime from /proc/PID/stat, before and after) and
# resident memory (VmRSS at the end, VmHWM = the peak). The list's ages still tick, so the screen draws once a
# second; every 5 s a listing of every vehicle is fetched and decoded.
# Needs: tmux, python3, `swift build -c release --product tripterm`. Environment: IDLE (60), VEHICLES (1000),
# TRIPTERM_BIN (another build's tripterm).
set -euo pipefail
cd "$(dirname "$0")/.."
IDLE="${IDLE:-60}"
VEHICLES="${VEHICLES:-1000}"
command -v tmux >/dev/null || { echo "bench-fleet: needs tmux" >&2; exit 2; }

work="$(mktemp -d)"
pid=""
socket="tripterm-bench-fleet-$$"
cleanup() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
. scripts/lib/bench-server-fixture.sh

# The fixture made vehicle-7; the others, spread over Monaco, on 8 connections.
python3 - "$base" "$server" "$VEHICLES" <<'PY'
import json, random, sys, urllib.request
from concurrent.futures import ThreadPoolExecutor
base, server, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(20)
def create(index):
    body = {"vehicleState": "OFFLINE" if index % 10 == 9 else "ONLINE", "supportedTripTypes": ["EXCLUSIVE"],
            "maximumCapacity": 4, "vehicleType": {"category": "AUTO"},
            "lastLocation": {"location": {"latitude": random.uniform(43.725, 43.750),
                                          "longitude": random.uniform(7.405, 7.440)},
                             "heading": random.randrange(360), "speed": random.uniform(0, 14)}}
    request = urllib.request.Request(
        base + "/v1/providers/tripterm-demo/vehicles?vehicleId=fleet-%04d" % index, data=json.dumps(body).encode(),
        method="POST", headers={"Authorization": "Bearer " + server, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 200
with ThreadPoolExecutor(8) as pool:
    list(pool.map(create, range(count - 1)))
PY

. scripts/lib/process-usage.sh

echo "bench-fleet: tripterm $("$bin" --version), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
tmux -L "$socket" -f /dev/null new-session -d -x 200 -y 60 \
  "$bin" fleet --provider tripterm-demo --backend "$base" --token "$server" --interval 5
fleet=$(tmux -L "$socket" list-panes -F '#{pane_pid}')
[ "$(cat "/proc/$fleet/comm")" = "$(basename "$bin" | cut -c1-15)" ] \
  || { echo "bench-fleet: the pane runs $(cat "/proc/$fleet/comm"), not $bin" >&2; exit 1; }
for _ in $(seq 1 100); do
  tmux -L "$socket" capture-pane -p 2>/dev/null | grep -q "$VEHICLES vehicles" && break
  sleep 0.1
done
tmux -L "$socket" capture-pane -p | grep -q "$VEHICLES vehicles" \
  || { echo "bench-fleet: the fleet screen never showed $VEHICLES vehicles:" >&2; tmux -L "$socket" capture-pane -p >&2; exit 1; }
sleep 5  # the map loaded, a few listings in
before=$(cpu "$fleet")
sleep "$IDLE"
after=$(cpu "$fleet")
python3 -c "import sys; b, a, t, n = sys.argv[1:]; b, a, t = float(b), float(a), float(t); print('fleet at rest, %s vehicles, %ds: %.2f s CPU = %.2f %% of one core' % (n, t, a - b, 100 * (a - b) / t))" "$before" "$after" "$IDLE" "$VEHICLES"
echo "fleet at rest: $(mem "$fleet")"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
