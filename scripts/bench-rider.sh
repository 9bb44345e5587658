#!/usr/bin/env bash
# The rider's cost at rest and the memory of a long replay, release build (docs/PERFORMANCE.md, "The rider at rest"
# and "Replay memory").
#
# 1. `tripterm rider` follows a trip on the local server in a 200×60 tmux window for IDLE seconds with nothing
#    changing on the trip: CPU time (utime+stime from /proc/PID/stat, before and after) and resident memory
#    (VmRSS at the end, VmHWM = the peak).
# 2. A 100,000-event trip file (the Monaco sample's snapshots repeated, one a second) replayed headless at full
#    speed, and opened in the terminal map (paused on its first frame): peak RSS of each.
# Needs: tmux, python3, `swift build -c release --product tripterm`. Environment: IDLE (60), EVENTS (100000).
set -euo pipefail
cd "$(dirname "$0")/.."
IDLE="${IDLE:-60}"
EVENTS="${EVENTS:-100000}"
command -v tmux >/dev/null || { echo "bench-rider: needs tmux" >&2; exit 2; }

work="$(mktemp -d)"
pid=""
socket="tripterm-bench-$$"
cleanup() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
. scripts/lib/bench-server-fixture.sh

. scripts/lib/process-usage.sh
# Starts a command in a fresh 200×60 tmux window and prints its PID once it drew something.
start_in_tmux() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  tmux -L "$socket" -f /dev/null new-session -d -x 200 -y 60 "$*"
  for _ in $(seq 1 100); do
    [ -n "$(tmux -L "$socket" capture-pane -p 2>/dev/null | tr -d ' \n')" ] && break
    sleep 0.1
  done
  tmux -L "$socket" list-panes -F '#{pane_pid}'
}

echo "bench-rider: tripterm $("$bin" --version), $(nproc) CPUs"
rider=$(start_in_tmux "$bin" rider --backend "$base" --trip providers/tripterm-demo/trips/trip-1 --token "$consumer")
sleep 5  # first poll, first frames, bundled map loaded
before=$(cpu "$rider")
sleep "$IDLE"
after=$(cpu "$rider")
python3 -c "import sys; b, a, t = map(float, sys.argv[1:]); print('rider at rest, %ds: %.2f s CPU = %.2f %% of one core' % (t, a - b, 100 * (a - b) / t))" "$before" "$after" "$IDLE"
echo "rider at rest: $(mem "$rider")"

python3 - Assets/trips/monaco-stops.jsonl "$work/long.jsonl" "$EVENTS" <<'PY'
import datetime, json, sys
source, target, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = open(source).read().splitlines()
header = json.loads(lines[0])
snapshots = [json.loads(l) for l in lines[1:] if '"snapshot"' in l]
start = datetime.datetime(2026, 11, 1, 9, 0, 0, tzinfo=datetime.timezone.utc)
with open(target, "w") as out:
    out.write(json.dumps(header, sort_keys=True) + "\n")
    for i in range(count):
        event = dict(snapshots[i % len(snapshots)])
        event["time"] = (start + datetime.timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        out.write(json.dumps(event, sort_keys=True, separators=(",", ":")) + "\n")
PY
echo "replay file: $EVENTS events, $(du -m "$work/long.jsonl" | cut -f1) MB"
python3 - "$bin" "$work/long.jsonl" <<'PY'
import resource, subprocess, sys, time
bin, path = sys.argv[1:]
started = time.monotonic()
subprocess.run([bin, "replay", path, "--headless", "--speed", "max"], stdout=subprocess.DEVNULL, check=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print("replay --headless --speed max: %.1f s, peak RSS %.1f MB" % (time.monotonic() - started, peak))
PY
replay=$(start_in_tmux "$bin" replay "$work/long.jsonl" --speed 1)
sleep 2
tmux -L "$socket" send-keys space  # pause
sleep 1
echo "replay in the terminal map (paused): $(mem "$replay")"
