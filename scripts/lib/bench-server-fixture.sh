# Sourced by the benchmark scripts: starts the release `tripterm serve` on a free loopback port with a throwaway
# database in $work, and seeds the trip they all use — vehicle-7 ONLINE with trip-1 assigned, ENROUTE_TO_PICKUP,
# in Monaco. Sets: bin, pid, base (http://HOST:PORT), grpc (HOST:PORT), server, driver, consumer (tokens). The
# caller sets $work and cleans up $pid.

bin="${TRIPTERM_BIN:-$("${SWIFT:-swift}" build -c release --show-bin-path)/tripterm}"
[ -x "$bin" ] || { echo "$0: build first: swift build -c release --product tripterm" >&2; exit 2; }

db="$work/fleet.sqlite"
"$bin" serve --port 0 --db "$db" --log-level warning ${SERVE_FLAGS:-} > "$work/stdout" 2> "$work/stderr" &
pid=$!
base=""
for _ in $(seq 1 100); do
  base="$(sed -n 's/^listening on \(http:.*\)/\1/p' "$work/stdout" | head -1)"
  grpc="$(sed -n 's/^listening on grpc:\/\///p' "$work/stdout" | head -1)"
  [ -n "$base" ] && [ -n "$grpc" ] && break
  sleep 0.1
done
[ -n "$base" ] || { cat "$work/stderr" >&2; exit 1; }

server="$("$bin" token --server --db "$db")"
driver="$("$bin" token --vehicle vehicle-7 --db "$db")"
consumer="$("$bin" token --trip trip-1 --db "$db")"
python3 - "$base" "$server" <<'PY'
import json, sys, urllib.request
base, server = sys.argv[1:]
def call(method, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Authorization": "Bearer " + server, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 200
call("POST", "/v1/providers/tripterm-demo/vehicles?vehicleId=vehicle-7",
     {"vehicleState": "ONLINE", "supportedTripTypes": ["EXCLUSIVE"], "maximumCapacity": 4, "vehicleType": {"category": "AUTO"}})
call("POST", "/v1/providers/tripterm-demo/trips?tripId=trip-1",
     {"tripType": "EXCLUSIVE", "vehicleId": "vehicle-7",
      "pickupPoint": {"point": {"latitude": 43.7395322, "longitude": 7.4268815}},
      "dropoffPoint": {"point": {"latitude": 43.7490172, "longitude": 7.4364205}},
      # Four stops on the way, so that the answer (2.75 KB with the vehicle's report) is about the size of the
      # static Trip nginx serves in ../shared/peers/nginx_ceiling.sh.
      "intermediateDestinations": [{"point": {"latitude": 43.7405 + 0.0015 * i, "longitude": 7.4280 + 0.0015 * i}}
                                   for i in range(4)]})
call("PUT", "/v1/providers/tripterm-demo/trips/trip-1?updateMask=tripStatus", {"tripStatus": "ENROUTE_TO_PICKUP"})
PY
