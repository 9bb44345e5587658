#!/usr/bin/env python3
"""Writes delivery-day.json: a Deliveries API Cloud Logging export in the shapes real ones have (deliveries
reference section 7) - a `DeliveryFleet` resource, `delivery_vehicle_id` / `task_id` labels, `@type` in the
`maps.fleetengine.v1` package, log enum spellings (`TASK_STATE_LOG_OPEN`, `VEHICLE_STOP_STATE_LOG_ARRIVED`,
`NAVIGATION_STATUS_...`), `locSensor`, and paths kept only as opaque `pathHandle`s - for one van's morning:
three stops, four tasks (one FAILED, marked 130 m from its place), a location report every 10 s with the driver's remaining time to the
next stop, which runs 60 s optimistic on the way to stop 2. Plus a failed call and a GetTask, which are read past.

Run from this directory: python3 make-delivery-day.py > delivery-day.json
"""
import json

PROJECT = "lmfs-sample"
VAN = "van-7"
T0 = 1_764_320_400  # 2025-11-28T09:00:00Z
STOPS = [  # (lat, lng, tasks (id, type, outcome))
    (43.73516, 7.42283, [("t-1a", "DELIVERY", "SUCCEEDED"), ("t-1b", "PICKUP", "SUCCEEDED")]),
    (43.73085, 7.42516, [("t-2a", "DELIVERY", "FAILED")]),
    (43.72768, 7.41541, [("t-3a", "DELIVERY", "SUCCEEDED")]),
]
DEPOT = (43.73938, 7.42770)
DRIVE = 300  # seconds from one place to the next
WAIT = 120  # seconds at each stop
entries = []


def ts(t):
    return "2025-11-28T%02d:%02d:%02dZ" % (9 + t // 3600, t // 60 % 60, t % 60)


def entry(t, method, payload_type, request, response, labels, error=None):
    payload = {"@type": "type.googleapis.com/maps.fleetengine.v1." + payload_type, "request": request}
    if error:
        payload["errorResponse"] = error
    else:
        payload["response"] = response
    entries.append({
        "insertId": "%08x" % (len(entries) + 1),
        "jsonPayload": payload,
        "resource": {"type": "fleetengine.googleapis.com/DeliveryFleet",
                     "labels": {"resource_container": "projects/" + PROJECT, "location": "global"}},
        "timestamp": ts(t), "receiveTimestamp": ts(t), "severity": "ERROR" if error else "INFO",
        "labels": labels, "logName": "projects/%s/logs/fleetengine.googleapis.com%%2F%s" % (PROJECT, method),
    })


def point(p):
    return {"latitude": p[0], "longitude": p[1]}


def task_log(tid, ttype, stop, state="TASK_STATE_LOG_OPEN", outcome=None, t=None):
    task = {"name": "providers/%s/tasks/%s" % (PROJECT, tid), "type": "TASK_TYPE_LOG_" + ttype, "state": state,
            "trackingId": "parcel-" + tid, "plannedLocation": {"point": point(stop)}, "taskDuration": "60s"}
    if outcome:
        # The failed delivery was marked from the van, parked 130 m up the road.
        place = (van_at[0] + 0.0012, van_at[1]) if outcome == "FAILED" else van_at
        task.update({"deliveryVehicleId": VAN, "taskOutcome": "TASK_OUTCOME_LOG_" + outcome,
                     "taskOutcomeTime": ts(t), "taskOutcomeLocation": {"point": point(place)},
                     "taskOutcomeLocationSource": "TASK_OUTCOME_LOCATION_SOURCE_LOG_LAST_VEHICLE_LOCATION"})
    return task


def segments(stops, first_state):
    out = []
    for index, (lat, lng, tasks) in enumerate(stops):
        state = first_state if index == 0 else "VEHICLE_STOP_STATE_LOG_NEW"
        out.append({"stop": {"plannedLocation": {"point": point((lat, lng))},
                             "tasks": [{"taskId": tid, "taskDuration": "60s"} for tid, _, _ in tasks],
                             "state": state},
                    "pathHandle": "AdSiw%04d" % index, "drivingDistanceMeters": 900})
    return out


def van(location, stops, first_state, nav="NAVIGATION_STATUS_ENROUTE_TO_DESTINATION"):
    body = {"name": "providers/%s/deliveryVehicles/%s" % (PROJECT, VAN), "navigationStatus": nav,
            "remainingVehicleJourneySegments": segments(stops, first_state), "type": "DELIVERY_VEHICLE_TYPE_LOG_AUTO"}
    if location:
        body["lastLocation"] = {"location": point(location), "locSensor": "LOCATION_SENSOR_GPS", "speed": 8.5,
                                "updateTime": ts(t)}
    return body


def update_van(t, request_van, mask, response):
    entry(t, "update_delivery_vehicle", "UpdateDeliveryVehicleLog",
          {"deliveryVehicleId": VAN, "deliveryVehicle": request_van, "updateMask": mask}, response,
          {"delivery_vehicle_id": VAN})


t = 0
van_at = DEPOT
entry(t, "create_delivery_vehicle", "CreateDeliveryVehicleLog",
      {"deliveryVehicleId": VAN, "deliveryVehicle": {"type": "DELIVERY_VEHICLE_TYPE_LOG_AUTO"}},
      {"name": "providers/%s/deliveryVehicles/%s" % (PROJECT, VAN), "type": "DELIVERY_VEHICLE_TYPE_LOG_AUTO"},
      {"delivery_vehicle_id": VAN})
for lat, lng, tasks in STOPS:
    for tid, ttype, _ in tasks:
        t += 1
        entry(t, "create_task", "CreateTaskLog", {"taskId": tid, "task": task_log(tid, ttype, (lat, lng))},
              task_log(tid, ttype, (lat, lng)), {"task_id": tid})
t += 1
entry(t, "create_task", "CreateTaskLog", {"taskId": "t-1a"}, None, {"task_id": "t-1a"},
      error={"code": "ALREADY_EXISTS", "httpStatusCode": 409})
t = 20
update_van(t, {"remainingVehicleJourneySegments": segments(STOPS, "VEHICLE_STOP_STATE_LOG_NEW")},
           "remainingVehicleJourneySegments", van(None, STOPS, "VEHICLE_STOP_STATE_LOG_NEW"))
remaining = list(STOPS)
origin = DEPOT
while remaining:
    lat, lng, tasks = remaining[0]
    t += 10
    update_van(t, {"remainingVehicleJourneySegments": segments(remaining, "VEHICLE_STOP_STATE_LOG_ENROUTE")},
               "remainingVehicleJourneySegments", van(van_at, remaining, "VEHICLE_STOP_STATE_LOG_ENROUTE"))
    start = t
    optimism = 60 if len(remaining) == 2 else 0
    while t < start + DRIVE:
        t += 10
        f = (t - start) / DRIVE
        van_at = (origin[0] + (lat - origin[0]) * f, origin[1] + (lng - origin[1]) * f)
        left = start + DRIVE - t - optimism * (1 - f)
        report = {"lastLocation": {"location": point(van_at), "locSensor": "LOCATION_SENSOR_GPS", "speed": 8.5},
                  "remainingDuration": "%ds" % max(0, round(left)), "navStatus": "NAVIGATION_STATUS_ENROUTE_TO_DESTINATION",
                  "currentRouteSegmentHandle": "AdSiwRoute"}
        update_van(t, report, "lastLocation,remainingDuration,navigationStatus,currentRouteSegment",
                   van(van_at, remaining, "VEHICLE_STOP_STATE_LOG_ENROUTE"))
    update_van(t, {"remainingVehicleJourneySegments": segments(remaining, "VEHICLE_STOP_STATE_LOG_ARRIVED")},
               "remainingVehicleJourneySegments", van(van_at, remaining, "VEHICLE_STOP_STATE_LOG_ARRIVED",
                                                      "NAVIGATION_STATUS_ARRIVED_AT_DESTINATION"))
    t += WAIT
    for tid, ttype, outcome in tasks:
        t += 1
        entry(t, "update_task", "UpdateTaskLog",
              {"taskId": tid, "task": {"taskOutcome": "TASK_OUTCOME_LOG_" + outcome, "taskOutcomeTime": ts(t)},
               "updateMask": "taskOutcome,taskOutcomeTime"},
              task_log(tid, ttype, (lat, lng), outcome=outcome, t=t), {"task_id": tid, "delivery_vehicle_id": VAN})
    entry(t, "get_task", "GetTaskLog", {"name": "providers/%s/tasks/%s" % (PROJECT, tasks[0][0])},
          task_log(tasks[0][0], tasks[0][1], (lat, lng)), {"task_id": tasks[0][0]})
    remaining = remaining[1:]
    t += 1
    update_van(t, {"remainingVehicleJourneySegments": segments(remaining, "VEHICLE_STOP_STATE_LOG_NEW")},
               "remainingVehicleJourneySegments", van(van_at, remaining, "VEHICLE_STOP_STATE_LOG_NEW"))
    origin = (lat, lng)

print(json.dumps(entries, indent=1))
