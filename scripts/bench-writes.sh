#!/usr/bin/env bash
# Durable writes at fleet scale (issue 22): UpdateVehicle with DRIVERS drivers, each moving its own vehicle with its
# own token, then PostgreSQL 15 running the same single-row update of a vehicle row at as many clients, in the same
# run. Both acknowledge a write only once it is on disk: tripterm's SQLite in WAL mode with `synchronous = FULL`
# (concurrent writes share a transaction: group commit), PostgreSQL with `fsync = on` and
# `synchronous_commit = on`. See docs/PERFORMANCE.md, "Writes".
#
# tripterm: the release build on a free loopback port with a throwaway database; DRIVERS vehicles (w-0…), each with
# a driver token of its own (`tripterm token --vehicle`); wrk with one thread per connection (wrk's Lua has no
# per-connection state, so each thread's one connection updates its thread's vehicle), keep-alive, DURATION s.
# PostgreSQL: a throwaway cluster (initdb) in a temporary folder, listening only on a unix socket there, as `nobody`
# when run as root (postgres refuses root); a `vehicle` table shaped like ours (provider, id, state, json; primary
# key (provider, id)) holding DRIVERS rows whose json is our vehicle's JSON as stored at the end of our run; then
# `pgbench -n -c DRIVERS -j 2 -T DURATION` where client N updates row w-N's state and json (autocommit).
# Needs: wrk, python3, `swift build -c release --product tripterm`; PostgreSQL 15's server binaries (Debian:
# apt-get install postgresql-15; skipped with a note when missing).
# EVENTS=1 (issue 32) runs tripterm three times: events off; on, recorded only (a geofence that each report enters
# or leaves, the drivers alternating between two places, so that every write records an event in its transaction);
# and on and delivered to a receiver here (scripts/lib/webhook-receiver.py, on the same two cores). What the outbox costs durable writes,
# beside the same writes without it.
# Environment: DURATION (10), DRIVERS (64), PG_BIN (/usr/lib/postgresql/15/bin), PG_PEER (1 = also run PostgreSQL),
# EVENTS (0).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${DURATION:-10}"
DRIVERS="${DRIVERS:-64}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

WRK="$(command -v wrk || true)"
[ -n "$WRK" ] || { echo "bench-writes: needs wrk (apt-get install wrk)" >&2; exit 2; }
root="$(mktemp -d)"
pid=""
receiver=""
pgdir=""
as_postgres=()
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" || true; fi
  if [ -n "$receiver" ] && kill -0 "$receiver" 2>/dev/null; then kill "$receiver"; wait "$receiver" || true; fi
  if [ -n "$pgdir" ] && [ -f "$pgdir/data/postmaster.pid" ]; then
    "${as_postgres[@]}" "$PG_BIN/pg_ctl" -D "$pgdir/data" -m immediate stop > /dev/null 2>&1 || true
  fi
  rm -rf "$root" ${pgdir:+"$pgdir"}
}
trap cleanup EXIT
. scripts/lib/wrk-summary.sh
EVENTS="${EVENTS:-0}"
# One location report, as the Driver SDK sends it, to the thread's own vehicle; with EVENTS=1 every other one 1 km
# north, outside the fence around the first.
report='{"lastLocation":{"location":{"latitude":43.7328119,"longitude":7.4191236},"heading":41,"speed":8.3},"remainingDistanceMeters":1184,"remainingTimeSeconds":173}'
away="${report/43.7328119/43.7418119}"
[ "$EVENTS" = 1 ] || away="$report"

# `leg LABEL`: a fresh server (SERVE_FLAGS) in its own folder, DRIVERS drivers on it for DURATION s, then stopped.
leg() {
  work="$root/$1"
  mkdir -p "$work"
  . scripts/lib/bench-server-fixture.sh

# DRIVERS vehicles, each having reported once, and their drivers' tokens as a Lua table.
python3 - "$base" "$server" "$DRIVERS" <<'PY'
import json, sys, urllib.request
from concurrent.futures import ThreadPoolExecutor
base, token, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
def call(method, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 200
def seed(i):
    call("POST", "/v1/providers/tripterm-demo/vehicles?vehicleId=w-%d" % i,
         {"vehicleState": "ONLINE", "supportedTripTypes": ["EXCLUSIVE"], "maximumCapacity": 4, "vehicleType": {"category": "AUTO"}})
with ThreadPoolExecutor(8) as pool:
    list(pool.map(seed, range(count)))
PY
{
  echo "local tokens = {"
  for i in $(seq 0 $((DRIVERS - 1))); do echo "  \"$("$bin" token --vehicle "w-$i" --db "$db")\","; done
  echo "}"
} > "$work/tokens.lua"
cat "$work/tokens.lua" - > "$work/drivers.lua" <<LUA
local threads = 0
function setup(thread) thread:set("id", threads); threads = threads + 1 end
function init(args)
  local path = "/v1/providers/tripterm-demo/vehicles/w-" .. id
    .. "?updateMask=lastLocation,remainingDistanceMeters,remainingTimeSeconds"
  local headers = {["Authorization"] = "Bearer " .. tokens[id + 1], ["Content-Type"] = "application/json"}
  puts = {wrk.format("PUT", path, headers, '$report'), wrk.format("PUT", path, headers, '$away')}
  sent = 0
end
function request() sent = sent + 1; return puts[sent % 2 + 1] end
LUA

echo "bench-writes: tripterm $("$bin" --version)${SERVE_FLAGS:+ $SERVE_FLAGS}, $(nproc) CPUs, ${DURATION}s per run, $DRIVERS drivers, $base"
"$WRK" -t"$DRIVERS" -c"$DRIVERS" -d"${DURATION}s" --latency -s "$work/drivers.lua" "$base" > "$work/drivers.txt" 2>&1
summary "tripterm UpdateVehicle, $DRIVERS drivers on their own vehicles (group commit)$2" "$work/drivers.txt"
kill -TERM "$pid"; wait "$pid" || true; pid=""
}

leg tripterm ""
if [ "$EVENTS" = 1 ]; then
  # The receiver (scripts/lib/webhook-receiver.py) answers 204; the fence is 300 m around the first place, so each
  # report crosses it.
  python3 scripts/lib/webhook-receiver.py "$root" &
  receiver=$!
  for _ in $(seq 1 50); do [ -s "$root/port" ] && break; sleep 0.1; done
  printf '[geofences]\nplace = "CIRCLE (43.7328 7.4191, 300)"\n' > "$root/events.toml"
  plain="${SERVE_FLAGS:-}"
  SERVE_FLAGS="$plain --events-config $root/events.toml"
  leg recorded ", events recorded (one a write)"
  SERVE_FLAGS="$plain --events-url http://127.0.0.1:$(cat "$root/port")/hooks --events-config $root/events.toml"
  leg events ", events recorded and delivered"
  recorded="$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM event").fetchone()[0])' "$root/events/fleet.sqlite")"
  echo "events: $recorded recorded; receiver: $(curl -sS "http://127.0.0.1:$(cat "$root/port")/stats")"
fi

[ "${PG_PEER:-1}" = 1 ] || exit 0
if [ ! -x "$PG_BIN/postgres" ] || [ ! -x "$PG_BIN/pgbench" ]; then
  echo "bench-writes: PostgreSQL peer skipped: no $PG_BIN/postgres and pgbench (apt-get install postgresql-15)" >&2
  exit 0
fi
# Our vehicle's JSON as stored after the run: PostgreSQL's rows and updates carry the same text.
json="$(python3 - "$root/tripterm/fleet.sqlite" <<'PY'
import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT json FROM vehicle WHERE id = 'w-0'").fetchone()[0])
PY
)"
pgdir="$(mktemp -d)"
if [ "$(id -u)" = 0 ]; then
  as_postgres=(runuser -u nobody --)
  chown nobody "$pgdir"
fi
pg() { (cd "$pgdir" && "${as_postgres[@]}" "$@"); }
pg "$PG_BIN/initdb" -D "$pgdir/data" -A trust -U bench > "$pgdir/initdb.log" 2>&1 \
  || { cat "$pgdir/initdb.log" >&2; exit 1; }
pg "$PG_BIN/pg_ctl" -D "$pgdir/data" -l "$pgdir/postgres.log" -w \
  -o "-c listen_addresses='' -c unix_socket_directories=$pgdir -c fsync=on -c synchronous_commit=on \
-c max_connections=$((DRIVERS + 10))" start > /dev/null || { cat "$pgdir/postgres.log" >&2; exit 1; }
# The json as an SQL literal: '{"n":' || :r || ',' || '<the rest>' makes each update's text differ, as ours do.
rest="${json#\{}"
rest="${rest//\'/\'\'}"
cat > "$pgdir/update.sql" <<SQL
\set r random(1, 1000000000)
UPDATE vehicle SET state = 2, json = '{"n":' || :r || ',' || '$rest' WHERE provider = 'tripterm-demo' AND id = 'w-' || :client_id;
SQL
cat > "$pgdir/schema.sql" <<SQL
CREATE TABLE vehicle (provider TEXT NOT NULL, id TEXT NOT NULL, state INTEGER NOT NULL, json TEXT NOT NULL,
                      PRIMARY KEY (provider, id));
INSERT INTO vehicle SELECT 'tripterm-demo', 'w-' || i, 2, '{"n":0,' || '$rest' FROM generate_series(0, $((DRIVERS - 1))) i;
SQL
pg "$PG_BIN/psql" -q -h "$pgdir" -U bench -d postgres -v ON_ERROR_STOP=1 -f "$pgdir/schema.sql"
pg "$PG_BIN/pgbench" -h "$pgdir" -U bench -n -c "$DRIVERS" -j 2 -T "$DURATION" -l --log-prefix="$pgdir/tx" \
  -f "$pgdir/update.sql" postgres > "$pgdir/pgbench.txt" 2>&1 || { cat "$pgdir/pgbench.txt" >&2; exit 1; }
# tps from pgbench's report; p50 and p99 from its per-transaction log (third column: latency in µs).
python3 - "$pgdir" "$DRIVERS" "$("$PG_BIN/postgres" --version)" "${#json}" <<'PY'
import glob, re, sys
folder, clients, version, size = sys.argv[1:]
text = open(folder + "/pgbench.txt").read()
tps = float(re.search(r"tps = ([\d.]+)", text).group(1))
failed = re.search(r"number of failed transactions: (\d+)", text)
latencies = sorted(int(line.split()[2]) for path in glob.glob(folder + "/tx*") for line in open(path))
def ms(q): return latencies[min(len(latencies) - 1, int(q * len(latencies)))] / 1000.0
print("%s, %s clients on their own rows (json %s B): %.0f tps, p50 %.2f ms, p99 %.2f ms, failed: %s"
      % (version, clients, size, tps, ms(0.50), ms(0.99), failed.group(1) if failed else "0"))
PY
