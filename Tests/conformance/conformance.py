#!/usr/bin/env python3
"""Conformance of `tripterm serve` with Fleet Engine v1's REST surface, judged by Google's own message types.

Requests are shaped like Google's generated REST clients send them (reference §9: request messages serialised with
`json_format.MessageToJson(..., use_integers_for_enums=True)`, `$alt=json;enum-encoding=int`, `header.*` query
parameters); every answer is parsed strictly (`json_format.Parse(..., ignore_unknown_fields=False)`) into the
`google-maps-fleetengine` message it must be. Usage: conformance.py BASE_URL SERVER_TOKEN DRIVER_TOKEN CONSUMER_TOKEN
(the driver token is for vehicle "vehicle-1", the consumer token for trip "trip-1").

`conformance.py --durable-write BASE SERVER_TOKEN` creates a vehicle and `--durable-read` checks it is there: run.sh
kills the server with SIGKILL in between, so an acknowledged write must already be on disk.
"""

import json
import sys
import urllib.error
import urllib.parse
import urllib.request

from google.maps import fleetengine_v1 as fe
from google.protobuf import empty_pb2, json_format
from google.rpc import code_pb2

DURABILITY = sys.argv[1] if sys.argv[1].startswith("--durable-") else None
if DURABILITY:
    BASE, SERVER = sys.argv[2:4]
    DRIVER = CONSUMER = SERVER
else:
    BASE, SERVER, DRIVER, CONSUMER = sys.argv[1:5]
PROVIDER = "providers/conformance-project"
ALT = {"$alt": "json;enum-encoding=int"}
HEADER = {"header.languageCode": "en-US", "header.regionCode": "US"}
# A real Driver SDK route segment (S2, base64url) from Google's fleet-debugger dataset, ending at this pickup.
SEGMENT = "AhYFIoF_XZ6GAPV1plu2AYQNAA=="
PICKUP = {"latitude": 37.3447131, "longitude": -122.0679036}
DROPOFF = {"latitude": 37.40531584395862, "longitude": -122.02161066234112}
VEHICLE_AT = {"latitude": 37.343085, "longitude": -122.0697}

checks = 0


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        raise AssertionError(what)


def call(method, path, token, query=None, body=None):
    """One HTTP call; returns (status, text)."""
    url = BASE + "/v1/" + path
    if query:
        url += "?" + urllib.parse.urlencode(query)
    data = None
    headers = {"Authorization": "Bearer " + token}
    if body is not None:
        data = body.encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def rest_body(message):
    """The body exactly as gapic-generator-python's REST transports write it."""
    return json_format.MessageToJson(type(message).pb(message), use_integers_for_enums=True)


def parse(text, message_type):
    """Strict parse into Google's message type: an unknown field or a wrong type fails."""
    message = message_type.pb(message_type()) if hasattr(message_type, "pb") else message_type()
    json_format.Parse(text, message, ignore_unknown_fields=False)
    return message


def ok(status, text, message_type, what):
    check(status == 200, f"{what}: HTTP {status}: {text}")
    return parse(text, message_type)


def error(status, text, http, code, what):
    check(status == http, f"{what}: expected HTTP {http}, got {status}: {text}")
    body = json.loads(text)
    check(set(body) == {"error"}, f"{what}: error body must be {{'error': …}}: {text}")
    err = body["error"]
    check(err.get("code") == http and err.get("status") == code and err.get("message"), f"{what}: {text}")
    check(code_pb2.Code.Value(err["status"]) >= 0, f"{what}: unknown status {err['status']}")


def main():
    # CreateVehicle, ints on the wire.
    vehicle = fe.Vehicle(
        vehicle_state=fe.VehicleState.ONLINE, supported_trip_types=[fe.TripType.EXCLUSIVE], maximum_capacity=4,
        vehicle_type=fe.Vehicle.VehicleType(category=fe.Vehicle.VehicleType.Category.AUTO))
    status, text = call("POST", f"{PROVIDER}/vehicles", SERVER, {**HEADER, "vehicleId": "vehicle-1", **ALT}, rest_body(vehicle))
    created = ok(status, text, fe.Vehicle, "CreateVehicle")
    check(created.name == f"{PROVIDER}/vehicles/vehicle-1", "CreateVehicle name")
    check(json.loads(text)["vehicleState"] == 2, "enum-encoding=int answers numbers")

    # CreateTrip.
    trip = fe.Trip(trip_type=fe.TripType.EXCLUSIVE, pickup_point=fe.TerminalLocation(point=PICKUP),
                   dropoff_point=fe.TerminalLocation(point=DROPOFF), number_of_passengers=1)
    status, text = call("POST", f"{PROVIDER}/trips", SERVER, {**HEADER, "tripId": "trip-1", **ALT}, rest_body(trip))
    created = ok(status, text, fe.Trip, "CreateTrip")
    check(created.trip_status == fe.TripStatus.NEW.value, "CreateTrip starts NEW")

    # UpdateTrip: assign and start.
    patch = fe.Trip(vehicle_id="vehicle-1", trip_status=fe.TripStatus.ENROUTE_TO_PICKUP)
    status, text = call("PUT", f"{PROVIDER}/trips/trip-1", SERVER,
                        {**HEADER, "updateMask": "vehicleId,tripStatus", **ALT}, rest_body(patch))
    updated = ok(status, text, fe.Trip, "UpdateTrip")
    check(len(updated.vehicle_waypoints) == 2, "UpdateTrip answers vehicleWaypoints")

    # UpdateVehicle as the Driver SDK reports, with a driver token.
    report = fe.Vehicle(
        vehicle_state=fe.VehicleState.ONLINE,
        last_location=fe.VehicleLocation(location=VEHICLE_AT, heading=0, speed=0.0, update_time="2025-02-05T17:02:25Z",
                                         location_sensor=fe.LocationSensor.ROAD_SNAPPED_LOCATION_PROVIDER,
                                         is_road_snapped=True),
        navigation_status=fe.NavigationStatus.ENROUTE_TO_DESTINATION,
        current_route_segment=SEGMENT,
        current_route_segment_end_point=fe.TripWaypoint(trip_id="trip-1", waypoint_type=fe.WaypointType.PICKUP_WAYPOINT_TYPE),
        current_route_segment_traffic=fe.TrafficPolylineData(traffic_rendering=fe.VisualTrafficReportPolylineRendering(
            road_stretch=[fe.VisualTrafficReportPolylineRendering.RoadStretch(
                style=fe.VisualTrafficReportPolylineRendering.RoadStretch.Style.SLOWER_TRAFFIC,
                offset_meters=20, length_meters=60)])),
        remaining_distance_meters=169, remaining_time_seconds=53)
    mask = ("vehicleState,lastLocation,navigationStatus,currentRouteSegment,currentRouteSegmentEndPoint,"
            "currentRouteSegmentTraffic,remainingTimeSeconds,remainingDistanceMeters")
    status, text = call("PUT", f"{PROVIDER}/vehicles/vehicle-1", DRIVER, {**HEADER, "updateMask": mask, **ALT}, rest_body(report))
    reported = ok(status, text, fe.Vehicle, "UpdateVehicle")
    check(list(reported.current_trips) == ["trip-1"], "vehicle currentTrips")

    # GetTrip as the consumer, encoded route, enums as numbers.
    status, text = call("GET", f"{PROVIDER}/trips/trip-1", CONSUMER, {**HEADER, "routeFormatType": 2, **ALT})
    got = ok(status, text, fe.Trip, "GetTrip")
    check(got.current_route_segment == SEGMENT, "currentRouteSegment copied from the vehicle")
    check(got.remaining_distance_meters.value == 169, "remainingDistanceMeters")
    check(got.HasField("eta_to_first_waypoint") and got.HasField("remaining_time_to_first_waypoint"), "ETA fields")
    check(len(got.remaining_waypoints) == 2 and got.remaining_waypoints[0].distance_meters.value == 169, "waypoints")
    check(got.HasField("current_route_segment_traffic"), "traffic")
    check(got.HasField("last_location") and got.last_location.HasField("server_time"), "lastLocation")
    check(len(got.vehicle_waypoints) == 0, "GetTrip never returns vehicleWaypoints")
    version = json.loads(text)["currentRouteSegmentVersion"]

    # Delta polling: the same version back leaves the route out.
    status, text = call("GET", f"{PROVIDER}/trips/trip-1", CONSUMER,
                        {**HEADER, "currentRouteSegmentVersion": version, "routeFormatType": 2, "view": 2, **ALT})
    delta = ok(status, text, fe.Trip, "GetTrip delta")
    check(delta.current_route_segment == "" and len(delta.route) == 0, "unchanged route omitted")
    check(delta.view == fe.TripView.JOURNEY_SHARING_V1S.value, "view echoed")

    # The docs' string-enum variant, without $alt: names.
    status, text = call("GET", f"{PROVIDER}/trips/trip-1", CONSUMER, {"view": "JOURNEY_SHARING_V1S"})
    ok(status, text, fe.Trip, "GetTrip names")
    check(json.loads(text)["tripStatus"] == "ENROUTE_TO_PICKUP", "names without enum-encoding=int")

    # SearchTrips (body `*`, no parent) and ListVehicles.
    status, text = call("POST", f"{PROVIDER}/trips:search", DRIVER, ALT,
                        rest_body(fe.SearchTripsRequest(vehicle_id="vehicle-1", active_trips_only=True)))
    found = ok(status, text, fe.SearchTripsResponse, "SearchTrips")
    check([t.name for t in found.trips] == [f"{PROVIDER}/trips/trip-1"], "SearchTrips finds the trip")
    status, text = call("GET", f"{PROVIDER}/vehicles", SERVER, {"pageSize": 10, "vehicleTypeCategories": 1, **ALT})
    listed = ok(status, text, fe.ListVehiclesResponse, "ListVehicles")
    check(listed.total_size == 1 and isinstance(json.loads(text)["totalSize"], str), "totalSize is an int64 string")

    # GetVehicle as the driver.
    status, text = call("GET", f"{PROVIDER}/vehicles/vehicle-1", DRIVER, ALT)
    ok(status, text, fe.Vehicle, "GetVehicle")

    # Errors: Google's shape, right statuses.
    status, text = call("GET", f"{PROVIDER}/trips/trip-2", CONSUMER, ALT)
    error(status, text, 403, "PERMISSION_DENIED", "consumer reading another trip")
    status, text = call("GET", f"{PROVIDER}/trips/trip-1", "not-a-token", ALT)
    error(status, text, 401, "UNAUTHENTICATED", "garbage token")
    status, text = call("POST", f"{PROVIDER}/trips", SERVER, {"tripId": "trip-1", **ALT}, rest_body(trip))
    error(status, text, 409, "ALREADY_EXISTS", "CreateTrip twice")
    status, text = call("DELETE", f"{PROVIDER}/trips/trip-1", SERVER, ALT)
    error(status, text, 400, "FAILED_PRECONDITION", "DeleteTrip of an active assigned trip")
    status, text = call("PUT", f"{PROVIDER}/trips/trip-1", SERVER, ALT, rest_body(patch))
    error(status, text, 400, "INVALID_ARGUMENT", "UpdateTrip without updateMask")

    # Finish the trip, then delete both.
    for step in (fe.TripStatus.ARRIVED_AT_PICKUP, fe.TripStatus.ENROUTE_TO_DROPOFF, fe.TripStatus.COMPLETE):
        status, text = call("PUT", f"{PROVIDER}/trips/trip-1", DRIVER, {"updateMask": "tripStatus", **ALT},
                            rest_body(fe.Trip(trip_status=step)))
        done = ok(status, text, fe.Trip, f"UpdateTrip {step.name}")
    check(done.trip_status == fe.TripStatus.COMPLETE.value and not done.HasField("remaining_distance_meters"), "COMPLETE")
    status, text = call("DELETE", f"{PROVIDER}/trips/trip-1", SERVER, ALT)
    ok(status, text, empty_pb2.Empty, "DeleteTrip")
    status, text = call("DELETE", f"{PROVIDER}/vehicles/vehicle-1", SERVER, ALT)
    ok(status, text, empty_pb2.Empty, "DeleteVehicle")
    print(f"conformance: {checks} checks passed against {BASE}")


def durability(mode):
    if mode == "--durable-write":
        vehicle = fe.Vehicle(vehicle_state=fe.VehicleState.OFFLINE, supported_trip_types=[fe.TripType.SHARED],
                             maximum_capacity=2, vehicle_type=fe.Vehicle.VehicleType(category=fe.Vehicle.VehicleType.Category.TAXI))
        status, text = call("POST", f"{PROVIDER}/vehicles", SERVER, {"vehicleId": "durable-1", **ALT}, rest_body(vehicle))
        ok(status, text, fe.Vehicle, "CreateVehicle before SIGKILL")
    else:
        status, text = call("GET", f"{PROVIDER}/vehicles/durable-1", SERVER, ALT)
        found = ok(status, text, fe.Vehicle, "GetVehicle after SIGKILL and restart")
        check(found.maximum_capacity == 2, "the acknowledged vehicle survived SIGKILL")
        print("conformance: an acknowledged write survived SIGKILL of the server")


if __name__ == "__main__":
    try:
        durability(DURABILITY) if DURABILITY else main()
    except (AssertionError, json_format.ParseError) as failure:
        print(f"conformance: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
