#!/usr/bin/env python3
"""Writes shape-*.json: Cloud Logging exports of ordinary on-demand trips in the shapes real fleets produce, each of
which `tripterm check` must find nothing wrong with.

A small simulation drives each vehicle at a steady speed along straight legs through its waypoints, reporting every
5 s as the Driver SDK does (UpdateVehicle with the 2025 SDK's update mask: location, route end point, remaining time
and distance, navigation status), and the provider moves each trip's status at arrivals and departures (UpdateTrip).
Responses list a trip's remaining waypoints as Fleet Engine does - the vehicle's, other trips' included, up to the
trip's own last stop - and, as current logs do, drop an arrived-at stop at once. Log spellings throughout
(`TRIP_STATUS_...`, `WAYPOINT_TYPE_...`, `VEHICLE_STATE_...`, `locSensor`, `navStatus`).

Shapes: pooled (two riders, waypoints interleaved, one rider late at the kerb; keys lower-cased as 2025 exports
have them, and JSON Lines), intermediate (two intermediate destinations), canceled (a no-show after a wait at the pickup, and a
rider cancelling on the way), reassigned (the trip moves to a second vehicle further away), back-to-back (the next
trip assigned before the first one's dropoff; lower-cased, JSON Lines), out-of-order (highway speed; every tenth report
reaches the server after the next one).

Run from this directory: python3 make-trip-shapes.py   (writes the files beside it)
"""
import json
import math
import random

PROJECT = "shapes-demo"
T0 = 1_764_406_800  # 2025-11-29T09:00:00Z
ORIGIN = (37.7749, -122.4194)
REPORT = 5  # seconds between a vehicle's reports


def ts(t):
    whole = int(math.floor(t))
    millis = int(round((t - whole) * 1000))
    s = T0 + whole
    return "2025-11-29T%02d:%02d:%02d.%03dZ" % (s // 3600 % 24, s // 60 % 60, s % 60, millis)


def offset(north_m, east_m):
    """A point `north_m` and `east_m` metres from ORIGIN."""
    lat = ORIGIN[0] + north_m / 111_320
    lng = ORIGIN[1] + east_m / (111_320 * math.cos(math.radians(ORIGIN[0])))
    return (round(lat, 7), round(lng, 7))


def meters(a, b):
    dy = (b[0] - a[0]) * 111_320
    dx = (b[1] - a[1]) * 111_320 * math.cos(math.radians(ORIGIN[0]))
    return math.hypot(dx, dy)


def point(p):
    return {"latitude": p[0], "longitude": p[1]}


class Export:
    def __init__(self, lower=False):
        self.entries = []
        self.lower = lower

    def entry(self, t, method, payload_type, request, response, labels, delay=0.4):
        payload = {"@type": "type.googleapis.com/maps.fleetengine.v1." + payload_type, "request": request,
                   "response": response}
        self.entries.append({
            "insertId": "%016x" % (len(self.entries) + 1),
            "jsonPayload": payload,
            "resource": {"type": "fleetengine.googleapis.com/Fleet",
                         "labels": {"resource_container": "projects/" + PROJECT, "location": "global"}},
            "timestamp": ts(t), "receiveTimestamp": ts(t + delay), "severity": "INFO", "labels": labels,
            "logName": "projects/%s/logs/fleetengine.googleapis.com%%2F%s" % (PROJECT, method),
        })

    def write(self, name):
        entries = sorted(self.entries, key=lambda e: e["timestamp"])
        if self.lower:
            entries = [lowered(e) for e in entries]
        with open("shape-%s.json" % name, "w") as out:
            if self.lower:  # JSON Lines, as `gcloud logging read --format=json` users stream them
                out.writelines(json.dumps(e, separators=(",", ":")) + "\n" for e in entries)
            else:
                out.write("[\n" + ",\n".join(json.dumps(e, separators=(",", ":")) for e in entries) + "\n]\n")


def lowered(value):
    """Keys lower-cased, underscores dropped from label names, as the 2025 export has them."""
    if isinstance(value, dict):
        return {k.lower().replace("_", "") if k != "@type" else k: lowered(v) for k, v in value.items()}
    if isinstance(value, list):
        return [lowered(v) for v in value]
    return value


class Trip:
    def __init__(self, export, trip_id, pickup, dropoff, stops=(), shared=False):
        self.export, self.id, self.shared = export, trip_id, shared
        self.pickup, self.dropoff, self.stops = pickup, dropoff, list(stops)
        self.status, self.vehicle, self.index = "TRIP_STATUS_NEW", "", 0

    def body(self, car=None, t=None):
        out = {"name": "providers/%s/trips/%s" % (PROJECT, self.id), "status": self.status,
               "tripType": "SHARED_TRIP" if self.shared else "EXCLUSIVE_TRIP",
               "pickupPoint": {"point": point(self.pickup)}, "dropoffPoint": {"point": point(self.dropoff)},
               "numberOfPassengers": 1}
        if self.stops:
            out["intermediateDestinations"] = [{"point": point(p)} for p in self.stops]
            out["intermediateDestinationIndex"] = self.index
        if self.vehicle:
            out["vehicleId"] = self.vehicle
        if car is not None and self.status not in ("TRIP_STATUS_COMPLETE", "TRIP_STATUS_CANCELED"):
            waypoints = car.waypoints_for(self)
            out["remainingWaypoints"] = [w.log() for w in waypoints]
            if waypoints:
                out["etaToFirstWaypoint"] = ts(t + car.seconds_to(waypoints[0]))
            if car.last_location:
                out["lastLocation"] = car.last_location
        return out

    def create(self, t):
        self.export.entry(t, "create_trip", "CreateTripLog", {"tripId": self.id, "trip": self.body()}, self.body(),
                          {"trip_id": self.id})

    def update(self, t, mask, car, **changes):
        for key, value in changes.items():
            setattr(self, key, value)
        request = {"tripId": self.id, "updateMask": mask, "trip": {}}
        if "status" in changes:
            request["trip"]["status"] = self.status
        if "vehicle" in changes:
            request["trip"]["vehicleId"] = self.vehicle
        if "index" in changes:
            request["trip"]["intermediateDestinationIndex"] = self.index
        labels = {"trip_id": self.id}
        if self.vehicle:
            labels["vehicle_id"] = self.vehicle
        self.export.entry(t, "update_trip", "UpdateTripLog", request, self.body(car, t), labels)


class Waypoint:
    def __init__(self, trip, kind, place, wait, arrive=None, depart=None, index=0):
        self.trip, self.kind, self.place, self.wait = trip, kind, place, wait
        self.arrive, self.depart, self.index = arrive, depart, index

    def log(self):
        return {"location": {"point": point(self.place)}, "tripId": self.trip.id,
                "type": "WAYPOINT_TYPE_" + self.kind}


def pickup(trip, wait=60):
    return Waypoint(trip, "PICKUP", trip.pickup, wait, "TRIP_STATUS_ARRIVED_AT_PICKUP",
                    "TRIP_STATUS_ENROUTE_TO_INTERMEDIATE_DESTINATION" if trip.stops else "TRIP_STATUS_ENROUTE_TO_DROPOFF")


def stop(trip, index, wait=90):
    last = index == len(trip.stops) - 1
    return Waypoint(trip, "INTERMEDIATE_DESTINATION", trip.stops[index], wait,
                    "TRIP_STATUS_ARRIVED_AT_INTERMEDIATE_DESTINATION",
                    "TRIP_STATUS_ENROUTE_TO_DROPOFF" if last else "TRIP_STATUS_ENROUTE_TO_INTERMEDIATE_DESTINATION",
                    index)


def dropoff(trip, wait=30):
    return Waypoint(trip, "DROP_OFF", trip.dropoff, wait, "TRIP_STATUS_COMPLETE", None)


class Vehicle:
    def __init__(self, export, vehicle_id, start, speed=10.0, seed=1):
        self.export, self.id, self.position, self.speed = export, vehicle_id, start, speed
        self.plan, self.trips, self.random = [], [], random.Random(seed)
        self.late = {}  # report number -> seconds it reaches the server late
        self.reports = 0
        self.last_location = None  # as the server stored it at the last report, server time included
        self.state = "VEHICLE_STATE_ONLINE"

    def create(self, t):
        body = {"name": "providers/%s/vehicles/%s" % (PROJECT, self.id), "state": self.state,
                "supportedTrips": ["EXCLUSIVE_TRIP", "SHARED_TRIP"], "maximumCapacity": 4,
                "vehicleType": {"vehicleCategory": "AUTO"}, "backToBackEnabled": True}
        self.export.entry(t, "create_vehicle", "CreateVehicleLog", {"vehicleId": self.id, "vehicle": body}, body,
                          {"vehicle_id": self.id})

    def seconds_to(self, waypoint):
        return meters(self.position, waypoint.place) / self.speed

    def waypoints_for(self, trip):
        """The vehicle's remaining waypoints up to the trip's own last one."""
        mine = [i for i, w in enumerate(self.plan) if w.trip is trip]
        return self.plan[:mine[-1] + 1] if mine else []

    def location_log(self, t, device_t=None):
        return {"location": point(self.position), "locSensor": "LOCATION_SENSOR_GPS", "heading": 0,
                "speed": self.speed, "updateTime": ts(device_t if device_t is not None else t),
                "serverTime": ts(t), "rawLocation": point(self.position),
                "rawLocationTime": ts(device_t if device_t is not None else t)}

    def report(self, t, moving=True):
        """One UpdateVehicle; a late report is logged when it reaches the server, with the device's time."""
        self.reports += 1
        late = self.late.get(self.reports, 0)
        arrives = t + late + 0.3
        location = self.location_log(arrives, device_t=t)
        self.last_location = location
        sent = {"lastLocation": {k: v for k, v in location.items() if k != "serverTime"}, "state": self.state,
                "navStatus": "NAVIGATION_STATUS_ENROUTE_TO_DESTINATION" if moving and self.plan
                else "NAVIGATION_STATUS_ARRIVED_AT_DESTINATION" if self.plan else "NAVIGATION_STATUS_NO_GUIDANCE"}
        response = {"name": "providers/%s/vehicles/%s" % (PROJECT, self.id), "state": self.state,
                    "lastLocation": location, "navStatus": sent["navStatus"],
                    "currentTrips": sorted({w.trip.id for w in self.plan}), "maximumCapacity": 4,
                    "supportedTrips": ["EXCLUSIVE_TRIP", "SHARED_TRIP"], "backToBackEnabled": True}
        mask = "vehicleState,lastLocation,navigationStatus,deviceSettings"
        # Stopped at a waypoint, or with nowhere to go, the navigator has no route to report.
        if self.plan and moving:
            mask = ("vehicleState,lastLocation,navigationStatus,currentRouteSegment,currentRouteSegmentEndPoint,"
                    "currentRouteSegmentTraffic,remainingTimeSeconds,remainingDistanceMeters,deviceSettings")
            nxt = self.plan[0]
            end = {"tripId": nxt.trip.id, "type": "WAYPOINT_TYPE_" + nxt.kind}
            noise = self.random.uniform(-15, 15)
            sent["currentRouteSegmentHandle"] = "AdSiwRoute%04d" % self.reports
            sent["currentRouteSegmentEndPoint"] = end
            sent["remainingTimeSeconds"] = max(0, round(self.seconds_to(nxt) + noise))
            sent["remainingDistanceMeters"] = round(meters(self.position, nxt.place))
            response["currentRouteSegmentEndPoint"] = end
            response["waypoints"] = [w.log() for w in self.plan]
        self.export.entry(arrives, "update_vehicle", "UpdateVehicleLog",
                          {"vehicleId": self.id, "updateMask": mask, "vehicle": sent}, response,
                          {"vehicle_id": self.id})


class World:
    """Steps every vehicle forward in REPORT-second ticks and runs scheduled provider calls between them."""

    def __init__(self, export):
        self.export, self.vehicles, self.calls, self.t = export, [], [], 0
        self.wait_until = {}

    def at(self, t, call):
        self.calls.append((t, call))

    def run(self, until):
        """Until `until`, or 20 s after the last call when no vehicle has anywhere left to go."""
        self.calls.sort(key=lambda c: c[0])
        idle = 0
        while self.t <= until and idle < 20:
            busy = self.calls or any(v.plan for v in self.vehicles)
            idle = 0 if busy else idle + REPORT
            while self.calls and self.calls[0][0] <= self.t:
                self.calls.pop(0)[1](self.t)
            for v in self.vehicles:
                self.step(v)
            self.t += REPORT

    def step(self, v):
        t = self.t
        if not v.plan:
            v.report(t, moving=False)
            return
        nxt = v.plan[0]
        if v.id in self.wait_until:
            if t < self.wait_until[v.id]:
                v.report(t, moving=False)
                return
            # Depart: the provider moves the trip on, then the vehicle drives to its next waypoint.
            del self.wait_until[v.id]
            v.plan.pop(0)
            if nxt.depart:
                changes = {"status": nxt.depart}
                if nxt.kind == "INTERMEDIATE_DESTINATION" and nxt.depart.startswith("TRIP_STATUS_ENROUTE_TO_INTER"):
                    changes["index"] = nxt.index + 1
                nxt.trip.update(t, ",".join("tripStatus" if k == "status" else "intermediateDestinationIndex"
                                            for k in changes), v, **changes)
            if not v.plan:
                v.report(t, moving=False)
                return
            nxt = v.plan[0]
        left = meters(v.position, nxt.place)
        step = v.speed * REPORT
        if left <= step:
            v.position = nxt.place
            v.report(t, moving=False)
            # Arrive: current Fleet Engine drops the stop from the trip's waypoints at once.
            v.plan.pop(0)
            nxt.trip.update(t + 1, "tripStatus", v, status=nxt.arrive)
            v.plan.insert(0, nxt)
            self.wait_until[v.id] = t + nxt.wait
        else:
            f = step / left
            v.position = (round(v.position[0] + (nxt.place[0] - v.position[0]) * f, 7),
                          round(v.position[1] + (nxt.place[1] - v.position[1]) * f, 7))
            v.report(t)


def assign(trip, vehicle, waypoints, positions=None):
    """A call that assigns `trip` to `vehicle`, inserting each waypoint into the vehicle's plan at its position (by
    default, at the end)."""
    def call(t):
        for waypoint, at in zip(waypoints, positions or [None] * len(waypoints)):
            vehicle.plan.insert(len(vehicle.plan) if at is None else at, waypoint)
        vehicle.trips.append(trip)
        trip.update(t, "vehicleId,tripStatus", vehicle, vehicle=vehicle.id, status="TRIP_STATUS_ENROUTE_TO_PICKUP")
    return call


def pooled():
    ex = Export(lower=True)
    world = World(ex)
    car = Vehicle(ex, "pool-1", offset(0, 0))
    world.vehicles.append(car)
    a = Trip(ex, "pool-a", offset(1200, 0), offset(4200, 900), shared=True)
    b = Trip(ex, "pool-b", offset(2000, 600), offset(3600, 1500), shared=True)
    car.create(0)
    a.create(1)
    world.at(5, assign(a, car, [pickup(a), dropoff(a)]))
    world.at(40, b.create)
    # The second rider is picked up after the first and dropped off after them; they are late to the kerb.
    world.at(45, assign(b, car, [pickup(b, wait=210), dropoff(b)], positions=[1, None]))
    world.run(1500)
    ex.write("pooled")


def intermediate():
    ex = Export()
    world = World(ex)
    car = Vehicle(ex, "multi-1", offset(-300, 0), seed=2)
    world.vehicles.append(car)
    trip = Trip(ex, "multi-a", offset(900, 0), offset(900, 4000), stops=[offset(1800, 800), offset(1500, 2500)])
    car.create(0)
    trip.create(1)
    world.at(5, assign(trip, car, [pickup(trip), stop(trip, 0), stop(trip, 1), dropoff(trip)]))
    world.run(1500)
    ex.write("intermediate")


def canceled():
    ex = Export()
    world = World(ex)
    car = Vehicle(ex, "cancel-1", offset(0, 0), seed=3)
    other = Vehicle(ex, "cancel-2", offset(0, 2000), seed=4)
    world.vehicles += [car, other]
    no_show = Trip(ex, "no-show", offset(1000, 0), offset(3000, 0))
    changed = Trip(ex, "changed-mind", offset(1500, 2000), offset(1500, 5000))
    car.create(0)
    other.create(0)
    no_show.create(1)
    changed.create(2)
    world.at(5, assign(no_show, car, [pickup(no_show, wait=5000), dropoff(no_show)]))
    world.at(5, assign(changed, other, [pickup(changed), dropoff(changed)]))

    # The first driver waits five minutes at the kerb, then the provider cancels; the second rider cancels on the way.
    def give_up(t):
        car.plan.clear()
        world.wait_until.pop(car.id, None)
        no_show.update(t, "tripStatus", car, status="TRIP_STATUS_CANCELED")

    def change_mind(t):
        other.plan.clear()
        changed.update(t, "tripStatus", other, status="TRIP_STATUS_CANCELED")

    world.at(420, give_up)
    world.at(70, change_mind)
    world.run(600)
    ex.write("canceled")


def reassigned():
    ex = Export()
    world = World(ex)
    first = Vehicle(ex, "near-1", offset(0, 0), seed=5)
    second = Vehicle(ex, "far-2", offset(-1800, -2500), seed=6)
    world.vehicles += [first, second]
    trip = Trip(ex, "moved", offset(1500, 0), offset(4000, -1500))
    first.create(0)
    second.create(0)
    trip.create(1)
    world.at(5, assign(trip, first, [pickup(trip), dropoff(trip)]))

    # The first driver drops out (a flat tyre): the provider gives the trip to a car 4 km away.
    def move(t):
        first.plan.clear()
        first.trips.clear()
        second.plan[:] = [pickup(trip), dropoff(trip)]
        second.trips.append(trip)
        trip.update(t, "vehicleId", second, vehicle=second.id)

    world.at(80, move)
    world.run(1300)
    ex.write("reassigned")


def back_to_back():
    ex = Export(lower=True)
    world = World(ex)
    car = Vehicle(ex, "b2b-1", offset(0, 0), seed=7)
    world.vehicles.append(car)
    a = Trip(ex, "first-ride", offset(800, 0), offset(3000, 0))
    b = Trip(ex, "next-ride", offset(3000, 4200), offset(1000, 3500))
    car.create(0)
    a.create(1)
    world.at(5, assign(a, car, [pickup(a), dropoff(a)]))
    world.at(200, b.create)
    # Assigned while the first rider is still on board: its waypoints list the first ride's dropoff first.
    world.at(220, assign(b, car, [pickup(b), dropoff(b)]))
    world.run(1200)
    ex.write("back-to-back")


def out_of_order():
    ex = Export()
    world = World(ex)
    car = Vehicle(ex, "highway-1", offset(0, 0), speed=30.0, seed=8)
    # Every tenth report reaches the server 7 s late, after the next one.
    car.late = {n: 7 for n in range(10, 400, 10)}
    world.vehicles.append(car)
    trip = Trip(ex, "highway", offset(1500, 0), offset(25000, 3000))
    car.create(0)
    trip.create(1)
    world.at(5, assign(trip, car, [pickup(trip), dropoff(trip)]))
    world.run(1100)
    ex.write("out-of-order")


for shape in (pooled, intermediate, canceled, reassigned, back_to_back, out_of_order):
    shape()
