#!/usr/bin/env bash
# Slow-loris against `tripterm serve` over TLS: LORIS (5,000) connections that each send a request's headers one
# byte at a time, a byte every 2 s, reconnecting when the server cuts them (--header-timeout, 10 s), while wrk polls
# a cached GetTrip as its rider (64 connections, DURATION s) — first without the attack, then under it. Prints wrk's
# rate and latency percentiles for both. PACE_MS=N makes each of wrk's connections pause N ms after each answer (32:
# about 2,000 polls a second, the 10,000-rider city's rate), so the polls measure the attack rather than a server
# saturated by wrk itself (0, the default: full rate). SERVE_FLAGS adds to serve's (e.g. --handshake-rate 600). The
# attacker would run on other machines, so here it runs as SCHED_IDLE (`chrt --idle`), on what the server and wrk
# leave of the cores: at nice 19 it still took turns of a few ms from the event loops (EEVDF runs a picked task for
# its slice), and its reconnects' TLS handshakes kept it busy on 40 % of a core. Its last line counts the bytes it
# sent and the times it was cut, to show the attack kept its pace. Needs python3, wrk, openssl, chrt, a built
# tripterm (BIN; release by default).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${BIN:-$("${SWIFT:-swift}" build -c release --show-bin-path)/tripterm}"
LORIS="${LORIS:-5000}"
DURATION="${DURATION:-20}"
PACE_MS="${PACE_MS:-0}"
[[ "$PACE_MS" =~ ^[0-9]+$ ]] || { echo "bench-slowloris: PACE_MS must be a whole number of milliseconds" >&2; exit 2; }
ulimit -n "$(( LORIS + 1024 < $(ulimit -Hn) ? LORIS + 1024 : $(ulimit -Hn) ))"
work="$(mktemp -d)"
pid=""
loris=""
. scripts/lib/serve.sh
cleanup() {
  if [ -n "$loris" ] && kill -0 "$loris" 2>/dev/null; then kill -TERM "$loris"; wait "$loris" || true; fi
  serve_stop
  rm -rf "$work"
}
trap cleanup EXIT
. scripts/lib/test-ca.sh
make_test_ca "$work"

db="$work/fleet.sqlite"
serve_start https "$db" --max-connections $((LORIS + 1000)) \
  --tls-cert "$work/server.pem" --tls-key "$work/server.key" ${SERVE_FLAGS:-}
serve_rider_trip "$db"

pace=()
if [ "$PACE_MS" -gt 0 ]; then
  echo "function delay() return $PACE_MS end" > "$work/pace.lua"
  pace=(-s "$work/pace.lua")
fi

poll() {
  printf '%-24s ' "$1"
  wrk -t2 -c64 -d"${DURATION}s" --latency ${pace[@]+"${pace[@]}"} -H "Authorization: Bearer $rider" \
    "$url/v1/providers/p/trips/t1" |
    awk '/Requests\/sec/ {printf "%s polls/s  ", $2} /^ +(50|99)%/ {printf "p%s %s  ", $1, $2}'
  echo
}
poll "no attack"

chrt --idle 0 python3 - "$url" "$LORIS" "$work/ca.pem" > "$work/loris.out" 2>&1 <<'PY' &
import asyncio, ssl, sys, urllib.parse
url, count, ca = sys.argv[1], int(sys.argv[2]), sys.argv[3]
parts = urllib.parse.urlsplit(url)
request = b"GET /v1/providers/p/trips/t1 HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 4096
cut = sent = 0
async def loris(context):
    global cut, sent
    while True:
        try:
            _, writer = await asyncio.open_connection(
                parts.hostname, parts.port, ssl=context, server_hostname="localhost")
            for byte in request:
                writer.write(bytes([byte]))
                await writer.drain()
                sent += 1
                await asyncio.sleep(2)
        except (OSError, ssl.SSLError, asyncio.IncompleteReadError):
            cut += 1
            await asyncio.sleep(0.5)
async def main():
    context = ssl.create_default_context(cafile=ca)
    tasks = []
    for start in range(0, count, 250):
        tasks += [asyncio.create_task(loris(context)) for _ in range(min(250, count - start))]
        await asyncio.sleep(0.2)
    print(f"{count} slow clients started", flush=True)
    while True:
        await asyncio.sleep(5)
        print(f"so far: {sent} bytes sent, cut {cut} times", flush=True)
asyncio.run(main())
PY
loris=$!
for _ in $(seq 1 600); do grep -q "slow clients started" "$work/loris.out" && break; sleep 0.1; done
sleep 5
poll "under $LORIS slow clients"
tail -1 "$work/loris.out"
