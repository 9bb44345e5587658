#!/usr/bin/env bash
# The city with events on (issue 32; docs/PERFORMANCE.md, "The city"): scripts/bench-city.sh twice in one run — as
# it is, then with `serve --events-url` pointing at a receiver here and 20 geofences over Monaco — so that what events
# cost the city's writes and reads is read side by side. The receiver (Python, answering 204 at once) notes each
# event's arrival against its `timestamp` (when its write ran, on the same machine's clock) and prints, after the
# second run: events received, per second, and their delivery latency p50 / p99 / max.
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

python3 - "$work" <<'PY' &
import http.server, json, sys, time, threading
work = sys.argv[1]
latencies, lock = [], threading.Lock()
first = [None]
class Hook(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        now = time.time()
        stamp = json.loads(body)["timestamp"]
        whole, _, fraction = stamp.rstrip("Z").partition(".")
        sent = time.mktime(time.strptime(whole, "%Y-%m-%dT%H:%M:%S")) - time.timezone + float("0." + (fraction or "0"))
        with lock:
            first[0] = first[0] or now
            latencies.append(now - sent)
        self.send_response(204)
        self.send_header("content-length", "0")
        self.end_headers()
    def do_GET(self):
        with lock:
            values = sorted(latencies)
            span = max(time.time() - (first[0] or time.time()), 1e-9)
        def at(q):
            return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else 0
        text = (f"events {len(values)}, {len(values) / span:.0f}/s; delivery p50 {at(0.5):.1f} ms, "
                f"p99 {at(0.99):.1f} ms, max {(values[-1] * 1000 if values else 0):.1f} ms\n").encode()
        self.send_response(200)
        self.send_header("content-length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)
    def log_message(self, *args):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
open(f"{work}/port", "w").write(str(server.server_address[1]))
server.serve_forever()
PY
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
