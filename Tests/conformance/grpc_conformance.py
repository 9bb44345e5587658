#!/usr/bin/env python3
"""`tripterm serve` over gRPC, driven by Google's own Fleet Engine client for Python as a provider backend uses it.

The official clients (`google-maps-fleetengine`: `TripServiceClient`, `VehicleServiceClient`) speak gRPC only; here
they talk to the local server over an insecure channel, with each call's token in the `authorization` metadata, and
the client's own routing header (`x-goog-request-params`) left as it sends it. One trip is driven from creation to
COMPLETE, with every read, search and error class a backend meets on the way.

Usage: grpc_conformance.py HOST:PORT SERVER_TOKEN DRIVER_TOKEN CONSUMER_TOKEN (the driver token is for vehicle
"vehicle-1", the consumer token for trip "trip-1").
"""

import sys

import grpc
from google.api_core import exceptions
from google.maps import fleetengine_v1 as fe
from google.maps.fleetengine_v1.services.trip_service.transports.grpc import TripServiceGrpcTransport
from google.maps.fleetengine_v1.services.vehicle_service.transports.grpc import VehicleServiceGrpcTransport
from google.protobuf import duration_pb2, field_mask_pb2

TARGET, SERVER, DRIVER, CONSUMER = sys.argv[1:5]
PROVIDER = "providers/conformance-grpc"  # apart from conformance.py's trips and vehicles
# A real Driver SDK route segment (S2, base64url) from Google's fleet-debugger dataset.
SEGMENT = "AhYFIoF_XZ6GAPV1plu2AYQNAA=="
PICKUP = {"latitude": 37.3447131, "longitude": -122.0679036}
DROPOFF = {"latitude": 37.40531584395862, "longitude": -122.02161066234112}
VEHICLE_AT = {"latitude": 37.343085, "longitude": -122.0697}
FAR_AWAY = {"latitude": 37.2, "longitude": -121.8}
AUTO = [fe.Vehicle.VehicleType(category=fe.Vehicle.VehicleType.Category.AUTO)]

checks = 0


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        raise AssertionError(what)


def auth(token):
    return [("authorization", f"Bearer {token}")]


def fails(code, what, call):
    """Runs `call`, which must fail with the gRPC status `code` and a message."""
    try:
        call()
    except exceptions.GoogleAPICallError as error:
        check(error.grpc_status_code == code, f"{what}: expected {code.name}, got {error.grpc_status_code}: {error}")
        check(bool(error.message), f"{what}: a status without a message")
        return error
    raise AssertionError(f"{what}: expected {code.name}, the call succeeded")


def main():
    channel = grpc.insecure_channel(TARGET)
    trips = fe.TripServiceClient(transport=TripServiceGrpcTransport(channel=channel))
    vehicles = fe.VehicleServiceClient(transport=VehicleServiceGrpcTransport(channel=channel))
    header = fe.RequestHeader(language_code="en-US", region_code="US")

    # CreateVehicle, as the provider's backend.
    vehicle = vehicles.create_vehicle(
        fe.CreateVehicleRequest(
            header=header, parent=PROVIDER, vehicle_id="vehicle-1",
            vehicle=fe.Vehicle(
                vehicle_state=fe.VehicleState.ONLINE, supported_trip_types=[fe.TripType.EXCLUSIVE],
                maximum_capacity=4, vehicle_type=fe.Vehicle.VehicleType(category=fe.Vehicle.VehicleType.Category.AUTO),
                attributes=[fe.VehicleAttribute(key="zone", value="north")])),
        metadata=auth(SERVER))
    check(vehicle.name == f"{PROVIDER}/vehicles/vehicle-1", f"CreateVehicle name: {vehicle.name}")
    check(vehicle.vehicle_state == fe.VehicleState.ONLINE, "CreateVehicle state")

    # The driver's first report, with a location, so that the vehicle can be searched for.
    mask = field_mask_pb2.FieldMask(paths=["last_location", "vehicle_state"])
    vehicles.update_vehicle(
        fe.UpdateVehicleRequest(
            name=f"{PROVIDER}/vehicles/vehicle-1",
            vehicle=fe.Vehicle(vehicle_state=fe.VehicleState.ONLINE,
                               last_location=fe.VehicleLocation(location=VEHICLE_AT, heading=90)),
            update_mask=mask),
        metadata=auth(DRIVER))

    # SearchVehicles: the dispatch call. The vehicle is ~200 m from the pickup; a radius of 400 m finds it.
    found = vehicles.search_vehicles(
        fe.SearchVehiclesRequest(
            parent=PROVIDER, pickup_point=fe.TerminalLocation(point=PICKUP), pickup_radius_meters=400, count=5,
            minimum_capacity=1, trip_types=[fe.TripType.EXCLUSIVE],
            vehicle_types=AUTO, maximum_staleness=duration_pb2.Duration(seconds=300),
            order_by=fe.SearchVehiclesRequest.VehicleMatchOrder.PICKUP_POINT_STRAIGHT_DISTANCE),
        metadata=auth(SERVER))
    check([m.vehicle.name for m in found.matches] == [f"{PROVIDER}/vehicles/vehicle-1"],
          f"SearchVehicles finds the vehicle: {found}")
    match = found.matches[0]
    check(0 < match.vehicle_pickup_straight_line_distance_meters < 400, "straight-line distance to the pickup")
    check(match.vehicle_match_type == fe.VehicleMatch.VehicleMatchType.EXCLUSIVE, "an exclusive match")
    far = vehicles.search_vehicles(
        fe.SearchVehiclesRequest(
            parent=PROVIDER, pickup_point=fe.TerminalLocation(point=FAR_AWAY), pickup_radius_meters=400, count=5,
            trip_types=[fe.TripType.EXCLUSIVE], minimum_capacity=1, vehicle_types=AUTO,
            order_by=fe.SearchVehiclesRequest.VehicleMatchOrder.PICKUP_POINT_STRAIGHT_DISTANCE),
        metadata=auth(SERVER))
    check(len(far.matches) == 0, "nothing within 400 m of a point 20 km away")
    fails(grpc.StatusCode.INVALID_ARGUMENT, "SearchVehicles with a 50 m radius", lambda: vehicles.search_vehicles(
        fe.SearchVehiclesRequest(
            parent=PROVIDER, pickup_point=fe.TerminalLocation(point=PICKUP), pickup_radius_meters=50, count=5,
            trip_types=[fe.TripType.EXCLUSIVE], minimum_capacity=1, vehicle_types=AUTO,
            order_by=fe.SearchVehiclesRequest.VehicleMatchOrder.PICKUP_POINT_STRAIGHT_DISTANCE),
        metadata=auth(SERVER)))

    # CreateTrip, then assign it to the vehicle found and start it.
    trip = trips.create_trip(
        fe.CreateTripRequest(
            header=header, parent=PROVIDER, trip_id="trip-1",
            trip=fe.Trip(trip_type=fe.TripType.EXCLUSIVE, pickup_point=fe.TerminalLocation(point=PICKUP),
                         dropoff_point=fe.TerminalLocation(point=DROPOFF), number_of_passengers=1)),
        metadata=auth(SERVER))
    check(trip.trip_status == fe.TripStatus.NEW, "CreateTrip starts NEW")
    assigned = trips.update_trip(
        fe.UpdateTripRequest(
            name=f"{PROVIDER}/trips/trip-1",
            trip=fe.Trip(vehicle_id="vehicle-1", trip_status=fe.TripStatus.ENROUTE_TO_PICKUP),
            update_mask=field_mask_pb2.FieldMask(paths=["vehicle_id", "trip_status"])),
        metadata=auth(SERVER))
    check(len(assigned.vehicle_waypoints) == 2, "UpdateTrip answers the vehicle's waypoints")

    # UpdateVehicle as the Driver SDK reports on the way: location, S2 route segment, remaining distance and time.
    reported = vehicles.update_vehicle(
        fe.UpdateVehicleRequest(
            name=f"{PROVIDER}/vehicles/vehicle-1",
            vehicle=fe.Vehicle(
                vehicle_state=fe.VehicleState.ONLINE,
                last_location=fe.VehicleLocation(
                    location=VEHICLE_AT, heading=0, speed=0.0,
                    location_sensor=fe.LocationSensor.ROAD_SNAPPED_LOCATION_PROVIDER, is_road_snapped=True),
                navigation_status=fe.NavigationStatus.ENROUTE_TO_DESTINATION,
                current_route_segment=SEGMENT,
                remaining_distance_meters=169, remaining_time_seconds=53),
            update_mask=field_mask_pb2.FieldMask(paths=[
                "vehicle_state", "last_location", "navigation_status", "current_route_segment",
                "remaining_distance_meters", "remaining_time_seconds"])),
        metadata=auth(DRIVER))
    check(list(reported.current_trips) == ["trip-1"], "the vehicle's currentTrips")

    # GetTrip as the consumer: the vehicle's progress, copied into the trip.
    got = trips.get_trip(fe.GetTripRequest(name=f"{PROVIDER}/trips/trip-1"), metadata=auth(CONSUMER))
    check(got.trip_status == fe.TripStatus.ENROUTE_TO_PICKUP, "GetTrip status")
    check(got.remaining_distance_meters == 169, f"remainingDistanceMeters: {got.remaining_distance_meters}")
    check(len(got.route) > 1 and got.current_route_segment == "", "by default the route as points, not S2")
    encoded = trips.get_trip(
        fe.GetTripRequest(name=f"{PROVIDER}/trips/trip-1", route_format_type=fe.PolylineFormatType.ENCODED_POLYLINE_TYPE),
        metadata=auth(CONSUMER))
    check(encoded.current_route_segment == SEGMENT and len(encoded.route) == 0,
          "ENCODED_POLYLINE_TYPE: the vehicle's S2 segment, as the Driver SDK sent it")
    again = trips.get_trip(
        fe.GetTripRequest(name=f"{PROVIDER}/trips/trip-1", route_format_type=fe.PolylineFormatType.ENCODED_POLYLINE_TYPE,
                          current_route_segment_version=encoded.current_route_segment_version),
        metadata=auth(CONSUMER))
    check(again.current_route_segment == "", "a segment version the client already has is not sent again")
    check(len(got.remaining_waypoints) == 2, "remaining waypoints")

    # SearchTrips as the driver, ListVehicles with an attribute filter, GetVehicle.
    active = trips.search_trips(
        fe.SearchTripsRequest(parent=PROVIDER, vehicle_id="vehicle-1", active_trips_only=True), metadata=auth(DRIVER))
    check([t.name for t in active] == [f"{PROVIDER}/trips/trip-1"], "SearchTrips finds the trip")
    listed = list(vehicles.list_vehicles(
        fe.ListVehiclesRequest(parent=PROVIDER, page_size=10, vehicle_type_categories=[
            fe.Vehicle.VehicleType.Category.AUTO], filter='attributes.zone="north"'), metadata=auth(SERVER)))
    check([v.name for v in listed] == [f"{PROVIDER}/vehicles/vehicle-1"], f"ListVehicles with a filter: {listed}")
    none = list(vehicles.list_vehicles(
        fe.ListVehiclesRequest(parent=PROVIDER, vehicle_type_categories=[fe.Vehicle.VehicleType.Category.AUTO],
                               filter='attributes.zone="south"'), metadata=auth(SERVER)))
    check(none == [], "ListVehicles filter excludes the other zone")
    vehicles.get_vehicle(fe.GetVehicleRequest(name=f"{PROVIDER}/vehicles/vehicle-1"), metadata=auth(DRIVER))

    # UpdateVehicleAttributes merges by key.
    merged = vehicles.update_vehicle_attributes(
        fe.UpdateVehicleAttributesRequest(name=f"{PROVIDER}/vehicles/vehicle-1",
                                          attributes=[fe.VehicleAttribute(key="shift", value="night")]),
        metadata=auth(SERVER))
    check({a.key: a.string_value or a.value for a in merged.attributes} == {"zone": "north", "shift": "night"},
          f"UpdateVehicleAttributes merges: {merged.attributes}")

    # Errors, as gRPC statuses.
    fails(grpc.StatusCode.NOT_FOUND, "GetTrip of a trip that does not exist",
          lambda: trips.get_trip(fe.GetTripRequest(name=f"{PROVIDER}/trips/nope"), metadata=auth(SERVER)))
    fails(grpc.StatusCode.PERMISSION_DENIED, "a consumer reading another trip",
          lambda: trips.get_trip(fe.GetTripRequest(name=f"{PROVIDER}/trips/trip-2"), metadata=auth(CONSUMER)))
    fails(grpc.StatusCode.UNAUTHENTICATED, "a garbage token",
          lambda: trips.get_trip(fe.GetTripRequest(name=f"{PROVIDER}/trips/trip-1"), metadata=auth("not-a-token")))
    fails(grpc.StatusCode.INVALID_ARGUMENT, "UpdateTrip without an update mask", lambda: trips.update_trip(
        fe.UpdateTripRequest(name=f"{PROVIDER}/trips/trip-1", trip=fe.Trip(trip_status=fe.TripStatus.COMPLETE)),
        metadata=auth(SERVER)))
    fails(grpc.StatusCode.FAILED_PRECONDITION, "DeleteTrip of an active assigned trip",
          lambda: trips.delete_trip(fe.DeleteTripRequest(name=f"{PROVIDER}/trips/trip-1"), metadata=auth(SERVER)))
    fails(grpc.StatusCode.ALREADY_EXISTS, "CreateTrip twice", lambda: trips.create_trip(
        fe.CreateTripRequest(parent=PROVIDER, trip_id="trip-1", trip=fe.Trip(
            trip_type=fe.TripType.EXCLUSIVE, pickup_point=fe.TerminalLocation(point=PICKUP))), metadata=auth(SERVER)))

    # The driver finishes the trip.
    for step in (fe.TripStatus.ARRIVED_AT_PICKUP, fe.TripStatus.ENROUTE_TO_DROPOFF, fe.TripStatus.COMPLETE):
        done = trips.update_trip(
            fe.UpdateTripRequest(name=f"{PROVIDER}/trips/trip-1", trip=fe.Trip(trip_status=step),
                                 update_mask=field_mask_pb2.FieldMask(paths=["trip_status"])),
            metadata=auth(DRIVER))
    check(done.trip_status == fe.TripStatus.COMPLETE, "COMPLETE")
    final = trips.get_trip(fe.GetTripRequest(name=f"{PROVIDER}/trips/trip-1"), metadata=auth(CONSUMER))
    check(final.trip_status == fe.TripStatus.COMPLETE, "the consumer sees COMPLETE")

    # ReportBillableTrip, then clean up.
    trips.report_billable_trip(
        fe.ReportBillableTripRequest(name=f"{PROVIDER}/billableTrips/trip-1", country_code="US",
                                     platform=fe.BillingPlatformIdentifier.SERVER,
                                     related_ids=["trip-1"],
                                     solution_type=fe.ReportBillableTripRequest.SolutionType.ON_DEMAND_RIDESHARING_AND_DELIVERIES),
        metadata=auth(SERVER))
    trips.delete_trip(fe.DeleteTripRequest(name=f"{PROVIDER}/trips/trip-1"), metadata=auth(SERVER))
    vehicles.delete_vehicle(fe.DeleteVehicleRequest(name=f"{PROVIDER}/vehicles/vehicle-1"), metadata=auth(SERVER))
    fails(grpc.StatusCode.NOT_FOUND, "GetVehicle after DeleteVehicle",
          lambda: vehicles.get_vehicle(fe.GetVehicleRequest(name=f"{PROVIDER}/vehicles/vehicle-1"),
                                       metadata=auth(SERVER)))
    print(f"grpc conformance: {checks} checks passed against grpc://{TARGET} with Google's own client")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"grpc conformance: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
