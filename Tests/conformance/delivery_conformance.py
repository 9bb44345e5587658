#!/usr/bin/env python3
"""`tripterm serve`'s Deliveries API, driven through a whole delivery day by Google's own client for Python.

`google-maps-fleetengine-delivery` (`DeliveryServiceClient`, maps.fleetengine.delivery.v1) speaks gRPC and REST; the
same day runs twice, once over an insecure gRPC channel and once over the client's REST transport (integer enums,
`$alt=json;enum-encoding=int`, camelCase update masks), each under its own provider so that the two days never meet.
Every call carries its token in the `authorization` metadata (an HTTP header over REST). Over REST every successful
answer is also parsed strictly into the message its route must return, and its enums must be numbers: the client
itself ignores unknown fields and accepts enum names, so it would let both through.

The day, in Monaco: the backend creates two vans and the day's tasks (deliveries, a pickup, a break, a depot stop),
meets every invalid create, and assigns the tasks to van-1 in four stops. The driver reports locations, goes ENROUTE
and ARRIVED at each stop, sets outcomes (one delivery SUCCEEDED, the pickup FAILED) and completes each stop by
sending the itinerary without it. Meanwhile the consumer polls the tracking info of parcel-1 (stops left, distance,
ETA, fields hidden by the task's view config) until it is CLOSED and SUCCEEDED. Lists, filters and paging, every
token's permissions, and the deletes close the day.

Usage: delivery_conformance.py GRPC_HOST:PORT REST_BASE_URL SERVER_TOKEN DRIVER_TOKEN CONSUMER_TOKEN READER_TOKEN
(the driver token is for delivery vehicle "van-1", the consumer token for tracking id "parcel-1", the reader token a
read-only fleet reader).
"""

import json
import math
import re
import sys
from datetime import datetime, timedelta, timezone

import grpc
from google.api_core import exceptions
from google.auth import exceptions as auth_exceptions
from google.auth.credentials import AnonymousCredentials
from google.geo.type import Viewport
from google.maps import fleetengine_delivery_v1 as fe
from google.maps.fleetengine_delivery_v1.services.delivery_service.transports import DeliveryServiceGrpcTransport
from google.protobuf import empty_pb2, field_mask_pb2, json_format

TARGET, BASE, SERVER, DRIVER, CONSUMER, READER = sys.argv[1:7]

# Monaco. The van leaves Port Hercule, stops at the Casino, Larvotto, the Jardin Exotique (break) and the depot.
PORT = {"latitude": 43.7350, "longitude": 7.4215}
HALFWAY = {"latitude": 43.7373, "longitude": 7.4246}  # on the way from the port to the Casino
CASINO = {"latitude": 43.7396, "longitude": 7.4277}
LARVOTTO = {"latitude": 43.7447, "longitude": 7.4331}
EXOTIC = {"latitude": 43.7313, "longitude": 7.4130}
DEPOT = {"latitude": 43.7302, "longitude": 7.4185}
OLD_TOWN = {"latitude": 43.7308, "longitude": 7.4208}
BEAUSOLEIL = {"latitude": 43.7436, "longitude": 7.4237}
MENTON = {"latitude": 43.7764, "longitude": 7.5048}  # van-2 waits there, outside Monaco's viewport
MONACO = Viewport(low={"latitude": 43.72, "longitude": 7.40}, high={"latitude": 43.76, "longitude": 7.44})

Type = fe.Task.Type
State = fe.Task.State
Outcome = fe.Task.TaskOutcome
Source = fe.Task.TaskOutcomeLocationSource
Stop = fe.VehicleStop.State
Nav = fe.DeliveryVehicleNavigationStatus
Option = fe.TaskTrackingViewConfig.VisibilityOption
CODE = grpc.StatusCode
# google.rpc.Code → HTTP status, as Google's REST front ends map them.
HTTP = {CODE.INVALID_ARGUMENT: 400, CODE.FAILED_PRECONDITION: 400, CODE.UNAUTHENTICATED: 401,
        CODE.PERMISSION_DENIED: 403, CODE.NOT_FOUND: 404, CODE.ALREADY_EXISTS: 409}
BACKEND = fe.DeliveryRequestHeader(language_code="en-US", region_code="MC")
DRIVER_APP = fe.DeliveryRequestHeader(language_code="fr-MC", region_code="MC", sdk_version="6.1.0",
                                      sdk_type=fe.DeliveryRequestHeader.SdkType.DRIVER,
                                      platform=fe.DeliveryRequestHeader.Platform.ANDROID)

checks = 0


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        raise AssertionError(what)


def expect(condition, what):
    """A check that is part of a larger one (counted there)."""
    if not condition:
        raise AssertionError(what)


def auth(token):
    return [("authorization", f"Bearer {token}")]


def mask(*paths):
    return field_mask_pb2.FieldMask(paths=list(paths))


def meters(a, b):
    """Great-circle distance between two points (dicts or LatLng)."""
    lat1, lng1 = (a["latitude"], a["longitude"]) if isinstance(a, dict) else (a.latitude, a.longitude)
    lat2, lng2 = (b["latitude"], b["longitude"]) if isinstance(b, dict) else (b.latitude, b.longitude)
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lng2 - lng1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


def segment(place, state, *task_ids):
    return fe.VehicleJourneySegment(stop=fe.VehicleStop(
        planned_location=fe.LocationInfo(point=place), state=state,
        tasks=[fe.VehicleStop.TaskInfo(task_id=task_id) for task_id in task_ids]))


def itinerary(vehicle):
    """A vehicle's remaining stops as [(state, [task ids])]."""
    return [(s.stop.state, [t.task_id for t in s.stop.tasks]) for s in vehicle.remaining_vehicle_journey_segments]


def always():
    return fe.TaskTrackingViewConfig(**{element: Option(always=True) for element in (
        "route_polyline_points_visibility", "estimated_arrival_time_visibility",
        "estimated_task_completion_time_visibility", "remaining_driving_distance_visibility",
        "remaining_stop_count_visibility", "vehicle_location_visibility")})


# REST answers, judged more strictly than the client does: (method, path below the provider) → message type.
ROUTES = [
    ("POST", r"deliveryVehicles", fe.DeliveryVehicle),
    ("GET", r"deliveryVehicles", fe.ListDeliveryVehiclesResponse),
    ("GET", r"deliveryVehicles/[^/]+", fe.DeliveryVehicle),
    ("PATCH", r"deliveryVehicles/[^/]+", fe.DeliveryVehicle),
    ("DELETE", r"deliveryVehicles/[^/]+", None),
    ("POST", r"tasks:batchCreate", fe.BatchCreateTasksResponse),
    ("POST", r"tasks", fe.Task),
    ("GET", r"tasks", fe.ListTasksResponse),
    ("GET", r"tasks/[^/]+", fe.Task),
    ("PATCH", r"tasks/[^/]+", fe.Task),
    ("DELETE", r"tasks/[^/]+", None),
    ("GET", r"taskTrackingInfo/[^/]+", fe.TaskTrackingInfo),
]
ENUM_KEYS = {"type", "state", "taskOutcome", "taskOutcomeLocationSource", "navigationStatus", "locationSensor",
             "rawLocationSensor", "supplementalLocationSensor"}


def numeric_enums(value, where):
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in ENUM_KEYS:
                expect(isinstance(inner, int), f"{where}: enum-encoding=int asked, {key} came back as {inner!r}")
            numeric_enums(inner, where)
    elif isinstance(value, list):
        for inner in value:
            numeric_enums(inner, where)


last_answer = []  # the REST transport's latest HTTP response


def strict_rest_answer(response, *args, **kwargs):
    """A `requests` response hook: a 2xx answer must be exactly the message its route returns, enums as numbers."""
    global checks
    last_answer[:] = [response]
    if response.status_code >= 300:
        return response
    method = response.request.method
    path = re.sub(r"^/v1/providers/[^/]+/", "", response.request.path_url.split("?")[0])
    what = f"{method} {response.request.path_url}"
    routes = [kind for m, pattern, kind in ROUTES if m == method and re.fullmatch(pattern, path)]
    expect(len(routes) == 1, f"{what}: the client called a route the test does not know")
    expect(response.headers.get("Content-Type", "").startswith("application/json"),
           f"{what}: Content-Type {response.headers.get('Content-Type')}")
    text = response.content.decode()
    message = empty_pb2.Empty() if routes[0] is None else routes[0].pb(routes[0]())
    try:
        body = json.loads(text)
        expect(isinstance(body, dict), f"{what}: the answer is not a JSON object: {text[:200]}")
        json_format.Parse(text, message, ignore_unknown_fields=False)
    except (ValueError, json_format.ParseError) as error:
        raise AssertionError(f"{what}: not a strict {message.DESCRIPTOR.name}: {error}: {text[:300]}")
    numeric_enums(body, what)
    checks += 1  # one check per answer
    return response


class Day:
    """One delivery day under `provider`, through `api` (gRPC or REST)."""

    def __init__(self, api, provider, rest):
        self.api = api
        self.p = provider
        self.rest = rest
        self.label = "REST" if rest else "gRPC"

    # Names and helpers.

    def vehicle(self, vehicle_id):
        return f"{self.p}/deliveryVehicles/{vehicle_id}"

    def task(self, task_id):
        return f"{self.p}/tasks/{task_id}"

    def tracking(self, tracking_id):
        return f"{self.p}/taskTrackingInfo/{tracking_id}"

    def fails(self, codes, what, call):
        """Runs `call`, which must fail with one of the gRPC status `codes` (one code or a tuple) and a message.
        Over REST the status is read from Google's error body {"error": {code, message, status}}. A 401 does not
        reach the caller as an API error there: the client's session first tries to refresh its credentials, which
        anonymous ones refuse (google.auth InvalidOperation), so the answer is taken from the session's last one."""
        codes = codes if isinstance(codes, tuple) else (codes,)
        names = "/".join(c.name for c in codes)
        what = f"{self.label} {what}"
        try:
            call()
        except (exceptions.GoogleAPICallError, auth_exceptions.InvalidOperation) as error:
            if isinstance(error, auth_exceptions.InvalidOperation):
                check(self.rest and last_answer and last_answer[0].status_code == 401,
                      f"{what}: {error!r} without a 401 before it")
                error = exceptions.from_http_response(last_answer[0])
            if self.rest:
                response = error.response
                try:
                    body = response.json()
                except ValueError:
                    body = None
                check(isinstance(body, dict) and set(body) == {"error"},
                      f"{what}: an error body must be {{'error': …}}: {response.text[:300]}")
                status = body["error"].get("status")
                check(status in CODE.__members__, f"{what}: unknown status {status!r}: {response.text[:300]}")
                code = CODE[status]
                check(body["error"].get("code") == response.status_code,
                      f"{what}: error.code {body['error'].get('code')} is not the HTTP status {response.status_code}")
                check(response.status_code == HTTP.get(code, response.status_code),
                      f"{what}: {status} must be HTTP {HTTP.get(code)}, was {response.status_code}")
            else:
                code = error.grpc_status_code
            check(code in codes, f"{what}: expected {names}, got {code}: {error}")
            check(bool(error.message), f"{what}: a status without a message")
            return error
        raise AssertionError(f"{what}: expected {names}, the call succeeded")

    def get_task(self, task_id, token=SERVER):
        return self.api.get_task(name=self.task(task_id), metadata=auth(token))

    def get_vehicle(self, vehicle_id, token=SERVER):
        return self.api.get_delivery_vehicle(name=self.vehicle(vehicle_id), metadata=auth(token))

    def info(self, tracking_id, token=CONSUMER):
        return self.api.get_task_tracking_info(name=self.tracking(tracking_id), metadata=auth(token))

    def listed(self, filter="", token=SERVER, page_size=0):
        """The ids of every task matching `filter`, over all pages."""
        pager = self.api.list_tasks(fe.ListTasksRequest(parent=self.p, filter=filter, page_size=page_size),
                                    metadata=auth(token))
        return sorted(t.name.rsplit("/", 1)[1] for t in pager)

    def stops(self, vehicle_id, segments, token=SERVER, location=None, nav=None):
        """UpdateDeliveryVehicle with the whole remaining itinerary (and a location and navigation status)."""
        paths = ["remaining_vehicle_journey_segments"]
        vehicle = fe.DeliveryVehicle(name=self.vehicle(vehicle_id), remaining_vehicle_journey_segments=segments)
        if location is not None:
            vehicle.last_location = fe.DeliveryVehicleLocation(
                location=location, heading=45, speed=6.5, update_time=datetime.now(timezone.utc),
                location_sensor=fe.DeliveryVehicleLocationSensor.GPS)
            paths.append("last_location")
        if nav is not None:
            vehicle.navigation_status = nav
            paths.append("navigation_status")
        return self.api.update_delivery_vehicle(
            fe.UpdateDeliveryVehicleRequest(header=DRIVER_APP if token == DRIVER else BACKEND,
                                            delivery_vehicle=vehicle, update_mask=mask(*paths)),
            metadata=auth(token))

    def report(self, location, token=DRIVER, vehicle_id="van-1"):
        """The driver app's location report."""
        return self.api.update_delivery_vehicle(
            fe.UpdateDeliveryVehicleRequest(
                header=DRIVER_APP,
                delivery_vehicle=fe.DeliveryVehicle(
                    name=self.vehicle(vehicle_id),
                    last_location=fe.DeliveryVehicleLocation(
                        location=location, heading=30, speed=8.0, update_time=datetime.now(timezone.utc),
                        location_sensor=fe.DeliveryVehicleLocationSensor.GPS, horizontal_accuracy=4.0)),
                update_mask=mask("last_location")),
            metadata=auth(token))

    def outcome(self, task_id, outcome, token=DRIVER, location=None):
        task = fe.Task(name=self.task(task_id), task_outcome=outcome, task_outcome_time=datetime.now(timezone.utc))
        paths = ["task_outcome", "task_outcome_time"]
        if location is not None:
            task.task_outcome_location = fe.LocationInfo(point=location)
            paths.append("task_outcome_location")
        return self.api.update_task(fe.UpdateTaskRequest(header=DRIVER_APP, task=task, update_mask=mask(*paths)),
                                    metadata=auth(token))

    def create_task(self, task_id, task, token=SERVER):
        return self.api.create_task(fe.CreateTaskRequest(header=BACKEND, parent=self.p, task_id=task_id, task=task),
                                    metadata=auth(token))

    # The day.

    def run(self):
        self.vehicles()
        self.tasks()
        self.invalid_tasks()
        self.assign()
        self.morning()
        self.first_stop()
        self.lists()
        self.permissions()
        self.second_stop()
        self.end_of_day()
        self.deletes()

    def vehicles(self):
        """CreateDeliveryVehicle: what may be set, what comes back, what is refused."""
        check(self.listed() == [], f"{self.label}: {self.p} starts empty")
        van = self.api.create_delivery_vehicle(
            fe.CreateDeliveryVehicleRequest(
                header=BACKEND, parent=self.p, delivery_vehicle_id="van-1",
                delivery_vehicle=fe.DeliveryVehicle(
                    type_=fe.DeliveryVehicle.DeliveryVehicleType.AUTO,
                    last_location=fe.DeliveryVehicleLocation(location=PORT, heading=90),
                    attributes=[fe.DeliveryVehicleAttribute(key="zone", string_value="north"),
                                fe.DeliveryVehicleAttribute(key="shift", string_value="day"),
                                fe.DeliveryVehicleAttribute(key="refrigerated", bool_value=True),
                                fe.DeliveryVehicleAttribute(key="capacity", number_value=12)])),
            metadata=auth(SERVER))
        check(van.name == self.vehicle("van-1"), f"CreateDeliveryVehicle name: {van.name}")
        check(van.type_ == fe.DeliveryVehicle.DeliveryVehicleType.AUTO, f"CreateDeliveryVehicle type: {van.type_}")
        check(meters(van.last_location.location, PORT) < 1, f"CreateDeliveryVehicle location: {van.last_location}")
        attributes = {a.key: a for a in van.attributes}
        check(sorted(attributes) == ["capacity", "refrigerated", "shift", "zone"], f"attributes: {van.attributes}")
        check((attributes["zone"].string_value or attributes["zone"].value) == "north", "string attribute")
        check(attributes["refrigerated"].bool_value is True, "bool attribute")
        check(attributes["capacity"].number_value == 12, "number attribute")
        check(len(van.remaining_vehicle_journey_segments) == 0, "a new van has no stops")

        other = self.api.create_delivery_vehicle(
            fe.CreateDeliveryVehicleRequest(
                parent=self.p, delivery_vehicle_id="van-2",
                delivery_vehicle=fe.DeliveryVehicle(
                    type_=fe.DeliveryVehicle.DeliveryVehicleType.TWO_WHEELER,
                    last_location=fe.DeliveryVehicleLocation(location=MENTON),
                    attributes=[fe.DeliveryVehicleAttribute(key="zone", string_value="south")])),
            metadata=auth(SERVER))
        check(other.name == self.vehicle("van-2"), "the second van")
        check(self.get_vehicle("van-2").type_ == fe.DeliveryVehicle.DeliveryVehicleType.TWO_WHEELER,
              "GetDeliveryVehicle type")

        self.fails(CODE.ALREADY_EXISTS, "CreateDeliveryVehicle twice", lambda: self.api.create_delivery_vehicle(
            parent=self.p, delivery_vehicle_id="van-1", delivery_vehicle=fe.DeliveryVehicle(), metadata=auth(SERVER)))
        self.fails(CODE.INVALID_ARGUMENT, "CreateDeliveryVehicle with a navigation status",
                   lambda: self.api.create_delivery_vehicle(
                       parent=self.p, delivery_vehicle_id="van-3",
                       delivery_vehicle=fe.DeliveryVehicle(navigation_status=Nav.NO_GUIDANCE), metadata=auth(SERVER)))
        self.fails(CODE.INVALID_ARGUMENT, "CreateDeliveryVehicle with stops",
                   lambda: self.api.create_delivery_vehicle(
                       parent=self.p, delivery_vehicle_id="van-3",
                       delivery_vehicle=fe.DeliveryVehicle(remaining_vehicle_journey_segments=[
                           segment(CASINO, Stop.NEW)]), metadata=auth(SERVER)))
        self.fails(CODE.NOT_FOUND, "GetDeliveryVehicle of a van refused at creation",
                   lambda: self.get_vehicle("van-3"))

    def tasks(self):
        """BatchCreateTasks: the day's tasks, all OPEN and unassigned; CreateTask for the others."""
        in_an_hour = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(hours=1)  # whole seconds
        self.window = fe.TimeWindow(start_time=in_an_hour, end_time=in_an_hour + timedelta(hours=2))
        day = {
            "task-a": fe.Task(type_=Type.DELIVERY, state=State.OPEN, tracking_id="parcel-2",
                              planned_location=fe.LocationInfo(point=CASINO), task_duration=timedelta(seconds=90),
                              attributes=[fe.TaskAttribute(key="priority", string_value="express"),
                                          fe.TaskAttribute(key="fragile", bool_value=True)]),
            "task-pickup": fe.Task(type_=Type.PICKUP, state=State.OPEN, tracking_id="return-7",
                                   planned_location=fe.LocationInfo(point=CASINO), task_duration=timedelta(seconds=60)),
            "task-p1": fe.Task(type_=Type.DELIVERY, state=State.OPEN, tracking_id="parcel-1",
                               planned_location=fe.LocationInfo(point=LARVOTTO), task_duration=timedelta(seconds=120),
                               target_time_window=self.window, task_tracking_view_config=always(),
                               attributes=[fe.TaskAttribute(key="priority", string_value="express"),
                                           fe.TaskAttribute(key="floor", number_value=3)]),
            "task-b": fe.Task(type_=Type.DELIVERY, state=State.OPEN, tracking_id="parcel-3",
                              planned_location=fe.LocationInfo(point=LARVOTTO), task_duration=timedelta(seconds=60),
                              attributes=[fe.TaskAttribute(key="priority", string_value="standard")]),
            "task-break": fe.Task(type_=Type.UNAVAILABLE, state=State.OPEN, task_duration=timedelta(minutes=30)),
            "task-depot": fe.Task(type_=Type.SCHEDULED_STOP, state=State.OPEN,
                                  planned_location=fe.LocationInfo(point=DEPOT), task_duration=timedelta(minutes=10)),
            "task-spare": fe.Task(type_=Type.DELIVERY, state=State.OPEN, tracking_id="parcel-5",
                                  planned_location=fe.LocationInfo(point=OLD_TOWN),
                                  task_duration=timedelta(seconds=60)),
        }
        # Inner parents: empty, or the outer one.
        requests = [fe.CreateTaskRequest(parent=self.p if i % 2 else "", task_id=task_id, task=task)
                    for i, (task_id, task) in enumerate(day.items())]
        created = self.api.batch_create_tasks(
            fe.BatchCreateTasksRequest(header=BACKEND, parent=self.p, requests=requests), metadata=auth(SERVER))
        by_name = {t.name: t for t in created.tasks}
        check(sorted(by_name) == sorted(self.task(i) for i in day), f"BatchCreateTasks names: {sorted(by_name)}")
        for task_id, sent in day.items():
            got = by_name[self.task(task_id)]
            check(got.state == State.OPEN and got.type_ == sent.type_ and got.tracking_id == sent.tracking_id,
                  f"BatchCreateTasks {task_id}: {got}")
            check(got.delivery_vehicle_id == "", f"{task_id} is not assigned by its creation")
            check(got.task_duration == sent.task_duration, f"{task_id} duration: {got.task_duration}")
            check(got.task_outcome == Outcome.TASK_OUTCOME_UNSPECIFIED, f"{task_id} has no outcome yet")
        check("planned_location" not in by_name[self.task("task-break")], "a break without a planned location")

        p1 = self.get_task("task-p1")
        check(meters(p1.planned_location.point, LARVOTTO) < 1, "GetTask planned location")
        check(p1.target_time_window.start_time == self.window.start_time
              and p1.target_time_window.end_time == self.window.end_time,
              f"target time window: {p1.target_time_window}")
        check(p1.task_tracking_view_config.vehicle_location_visibility.always is True, "task tracking view config")
        attributes = {a.key: a for a in p1.attributes}
        check(attributes["priority"].string_value == "express" and attributes["floor"].number_value == 3,
              f"task attributes: {p1.attributes}")
        check("journey_sharing_info" not in p1, "an unassigned task has no journey sharing info")

        v2 = self.create_task("task-v2", fe.Task(
            type_=Type.DELIVERY, state=State.OPEN, tracking_id="parcel-9",
            planned_location=fe.LocationInfo(point=BEAUSOLEIL), task_duration=timedelta(seconds=60)))
        check(v2.name == self.task("task-v2") and v2.state == State.OPEN, f"CreateTask: {v2}")

        # The longest tracking id allowed; an OPEN task nobody was given can be deleted at once.
        longest = "p" * 64
        long = self.create_task("task-long", fe.Task(
            type_=Type.PICKUP, state=State.OPEN, tracking_id=longest,
            planned_location=fe.LocationInfo(point=OLD_TOWN), task_duration=timedelta(seconds=30)))
        check(long.tracking_id == longest, "a 64-character tracking id")
        self.api.delete_task(name=self.task("task-long"), metadata=auth(SERVER))
        self.fails(CODE.NOT_FOUND, "GetTask after DeleteTask", lambda: self.get_task("task-long"))

    def invalid_tasks(self):
        """Every create the rules refuse; none of them leaves a task behind."""
        def delivery(**changes):
            fields = dict(type_=Type.DELIVERY, state=State.OPEN, tracking_id="parcel-x",
                          planned_location=fe.LocationInfo(point=OLD_TOWN), task_duration=timedelta(seconds=60))
            fields.update(changes)
            return fe.Task(**{k: v for k, v in fields.items() if v is not None})

        refused = [
            ("state CLOSED", delivery(state=State.CLOSED)),
            ("no state", delivery(state=None)),
            ("no type", delivery(type_=None)),
            ("no duration", delivery(task_duration=None)),
            ("a DELIVERY without a planned location", delivery(planned_location=None)),
            ("a DELIVERY without a tracking id", delivery(tracking_id=None)),
            ("a PICKUP without a tracking id", delivery(type_=Type.PICKUP, tracking_id=None)),
            ("an UNAVAILABLE task with a tracking id", delivery(type_=Type.UNAVAILABLE)),
            ("a SCHEDULED_STOP with a tracking id", delivery(type_=Type.SCHEDULED_STOP)),
            ("a 65-character tracking id", delivery(tracking_id="p" * 65)),
            ("a delivery vehicle id", delivery(delivery_vehicle_id="van-1")),
            ("an outcome", delivery(task_outcome=Outcome.SUCCEEDED)),
        ] + [(f"a tracking id with {c!r}", delivery(tracking_id=f"parcel{c}x")) for c in "/:?,#"]
        for n, (what, task) in enumerate(refused):
            self.fails(CODE.INVALID_ARGUMENT, f"CreateTask with {what}",
                       lambda task=task, n=n: self.create_task(f"bad-{n}", task))
        self.fails(CODE.ALREADY_EXISTS, "CreateTask of an existing id",
                   lambda: self.create_task("task-a", delivery()))

        # BatchCreateTasks is all or nothing.
        good = fe.CreateTaskRequest(task_id="batch-good", task=delivery())
        self.fails(CODE.INVALID_ARGUMENT, "BatchCreateTasks with one invalid task", lambda: self.api.batch_create_tasks(
            fe.BatchCreateTasksRequest(parent=self.p, requests=[
                good, fe.CreateTaskRequest(task_id="batch-bad", task=delivery(type_=None))]), metadata=auth(SERVER)))
        self.fails(CODE.INVALID_ARGUMENT, "BatchCreateTasks with another provider inside",
                   lambda: self.api.batch_create_tasks(
                       fe.BatchCreateTasksRequest(parent=self.p, requests=[good, fe.CreateTaskRequest(
                           parent="providers/someone-else", task_id="batch-other", task=delivery())]),
                       metadata=auth(SERVER)))
        self.fails(CODE.INVALID_ARGUMENT, "BatchCreateTasks of 501 tasks", lambda: self.api.batch_create_tasks(
            fe.BatchCreateTasksRequest(parent=self.p, requests=[
                fe.CreateTaskRequest(task_id=f"bulk-{i}", task=delivery(tracking_id=f"bulk-{i}")) for i in range(501)]),
            metadata=auth(SERVER)))
        self.fails(CODE.NOT_FOUND, "the valid task of a refused batch", lambda: self.get_task("batch-good"))
        self.fails(CODE.NOT_FOUND, "a task of the refused 501", lambda: self.get_task("bulk-0"))

        # Paging: 8 tasks, 3 a page, each exactly once; nothing refused above is among them.
        everything = ["task-a", "task-b", "task-break", "task-depot", "task-p1", "task-pickup", "task-spare", "task-v2"]
        pages = list(self.api.list_tasks(fe.ListTasksRequest(parent=self.p, page_size=3), metadata=auth(SERVER)).pages)
        check([len(page.tasks) for page in pages] == [3, 3, 2], f"ListTasks pages: {[len(p.tasks) for p in pages]}")
        check(pages[0].total_size == 8, f"ListTasks total_size: {pages[0].total_size}")
        check(pages[0].next_page_token != "" and pages[-1].next_page_token == "", "page tokens")
        check(sorted(t.name.rsplit("/", 1)[1] for p in pages for t in p.tasks) == everything,
              "the pages hold every task exactly once")

    def assign(self):
        """The backend gives the day to van-1 in four stops and task-v2 to van-2; what may not be listed."""
        before = self.get_task("task-spare")
        self.fails((CODE.NOT_FOUND, CODE.INVALID_ARGUMENT), "UpdateDeliveryVehicle listing a task that does not exist",
                   lambda: self.stops("van-1", [segment(OLD_TOWN, Stop.NEW, "task-spare"),
                                                segment(CASINO, Stop.NEW, "no-such-task")]))
        check(self.get_task("task-spare").delivery_vehicle_id == before.delivery_vehicle_id == "",
              "a refused itinerary assigns nothing")
        self.fails(CODE.INVALID_ARGUMENT, "UpdateDeliveryVehicle without an update mask",
                   lambda: self.api.update_delivery_vehicle(
                       delivery_vehicle=fe.DeliveryVehicle(name=self.vehicle("van-1"),
                                                           navigation_status=Nav.NO_GUIDANCE),
                       metadata=auth(SERVER)))

        van2 = self.stops("van-2", [segment(BEAUSOLEIL, Stop.NEW, "task-v2")])
        check(itinerary(van2) == [(Stop.NEW, ["task-v2"])], f"van-2's itinerary: {itinerary(van2)}")
        check(self.get_task("task-v2").delivery_vehicle_id == "van-2", "task-v2 assigned to van-2")

        self.plan = [segment(CASINO, Stop.NEW, "task-a", "task-pickup"),
                     segment(LARVOTTO, Stop.NEW, "task-p1", "task-b"),
                     segment(EXOTIC, Stop.NEW, "task-break"),
                     segment(DEPOT, Stop.NEW, "task-depot")]
        self.fails(CODE.FAILED_PRECONDITION, "UpdateDeliveryVehicle listing another van's task",
                   lambda: self.stops("van-1", self.plan + [segment(BEAUSOLEIL, Stop.NEW, "task-v2")]))
        check(self.get_task("task-a").delivery_vehicle_id == "", "a refused itinerary assigns nothing")

        van = self.stops("van-1", self.plan)
        expected = [(Stop.NEW, ["task-a", "task-pickup"]), (Stop.NEW, ["task-p1", "task-b"]),
                    (Stop.NEW, ["task-break"]), (Stop.NEW, ["task-depot"])]
        check(itinerary(van) == expected, f"UpdateDeliveryVehicle answers the itinerary: {itinerary(van)}")
        check(meters(van.remaining_vehicle_journey_segments[1].stop.planned_location.point, LARVOTTO) < 1,
              "stop locations as sent")
        check(itinerary(self.get_vehicle("van-1")) == expected, "GetDeliveryVehicle: the same itinerary")
        for task_id in ("task-a", "task-pickup", "task-p1", "task-b", "task-break", "task-depot"):
            got = self.get_task(task_id)
            check(got.delivery_vehicle_id == "van-1" and got.state == State.OPEN, f"{task_id} assigned: {got}")
        check(self.get_task("task-spare").delivery_vehicle_id == "", "a task not listed stays unassigned")

        # The spare parcel: tracked while nobody carries it, then closed directly, for good.
        spare = self.info("parcel-5", READER)
        check(spare.tracking_id == "parcel-5" and spare.state == State.OPEN, f"unassigned tracking info: {spare}")
        check("vehicle_location" not in spare and "remaining_stop_count" not in spare,
              "no vehicle, so no vehicle location and no stops left")
        closed = self.api.update_task(
            task=fe.Task(name=self.task("task-spare"), state=State.CLOSED), update_mask=mask("state"),
            metadata=auth(SERVER))
        check(closed.state == State.CLOSED and closed.delivery_vehicle_id == "", f"UpdateTask state CLOSED: {closed}")
        self.fails(CODE.FAILED_PRECONDITION, "reopening a CLOSED task", lambda: self.api.update_task(
            task=fe.Task(name=self.task("task-spare"), state=State.OPEN), update_mask=mask("state"),
            metadata=auth(SERVER)))
        self.fails((CODE.FAILED_PRECONDITION, CODE.INVALID_ARGUMENT), "UpdateDeliveryVehicle listing a CLOSED task",
                   lambda: self.stops("van-1", self.plan + [segment(OLD_TOWN, Stop.NEW, "task-spare")]))
        check(itinerary(self.get_vehicle("van-1")) == expected, "a refused itinerary leaves the old one")

    def poll(self, what):
        """The consumer's poll of parcel-1: name, tracking id, state and planned location always there."""
        info = self.info("parcel-1")
        check(info.name == self.tracking("parcel-1") and info.tracking_id == "parcel-1",
              f"{what}: tracking info name {info.name}, id {info.tracking_id}")
        check(meters(info.planned_location.point, LARVOTTO) < 1, f"{what}: planned location {info.planned_location}")
        return info

    def closer(self, info, what):
        """The remaining driving distance shrinks as the van goes on."""
        distance = info.remaining_driving_distance_meters
        check(distance is not None and distance < self.distance,
              f"{what}: {distance} m left to drive, after {self.distance} m")
        self.distance = distance

    def morning(self):
        """The driver sets off; the consumer sees everything, then what the view config still shows."""
        van = self.report(PORT)
        check(meters(van.last_location.location, PORT) < 1 and van.last_location.heading == 30,
              f"the driver's location report: {van.last_location}")
        check(self.get_vehicle("van-1", DRIVER).name == self.vehicle("van-1"), "the driver reads its van")

        info = self.poll("before the first stop")
        check(info.state == State.OPEN, f"parcel-1 OPEN: {info.state}")
        check(info.remaining_stop_count == 2, f"two stops left (Casino, Larvotto): {info.remaining_stop_count}")
        check("vehicle_location" in info and meters(info.vehicle_location.location, PORT) < 50,
              f"the van's location: {info.vehicle_location}")
        check(info.remaining_driving_distance_meters is not None
              and info.remaining_driving_distance_meters >= 0.95 * meters(PORT, LARVOTTO),
              f"remaining driving distance {info.remaining_driving_distance_meters} m")
        check(info.estimated_arrival_time is not None, "an ETA")
        check(info.estimated_task_completion_time is not None
              and info.estimated_task_completion_time >= info.estimated_arrival_time,
              f"completion {info.estimated_task_completion_time} not before arrival {info.estimated_arrival_time}")
        points = info.route_polyline_points
        check(len(points) >= 2 and meters(points[0], PORT) < 250 and meters(points[-1], LARVOTTO) < 250,
              f"the route from the van to the parcel: {len(points)} points")
        self.distance = info.remaining_driving_distance_meters

        journey = self.get_task("task-p1").journey_sharing_info
        check(len(journey.remaining_vehicle_journey_segments) == 2,
              f"GetTask: parcel-1's journey, up to its own stop: {len(journey.remaining_vehicle_journey_segments)}")
        check(meters(journey.last_location.location, PORT) < 50, "GetTask: the van's last location")
        check(len(self.get_task("task-a").journey_sharing_info.remaining_vehicle_journey_segments) == 1,
              "task-a's stop is the first")

        # The customer asks for less: no van on the map, the stop count only when it is the next stop.
        config = always()
        config.vehicle_location_visibility = Option(never=True)
        config.remaining_stop_count_visibility = Option(remaining_stop_count_threshold=1)
        updated = self.api.update_task(task=fe.Task(name=self.task("task-p1"), task_tracking_view_config=config),
                                       update_mask=mask("task_tracking_view_config"), metadata=auth(SERVER))
        check(updated.task_tracking_view_config.vehicle_location_visibility.never is True
              and updated.task_tracking_view_config.remaining_stop_count_visibility.remaining_stop_count_threshold == 1,
              f"UpdateTask view config: {updated.task_tracking_view_config}")
        info = self.poll("with the view config")
        check("vehicle_location" not in info, "vehicle_location_visibility never hides the van")
        check("remaining_stop_count" not in info, "two stops left is above the threshold of 1")
        check(info.estimated_arrival_time is not None and info.remaining_driving_distance_meters is not None,
              "the elements still shown always")

        # Stop 1 ENROUTE, the driver on its way.
        plan = list(self.plan)
        plan[0] = segment(CASINO, Stop.ENROUTE, "task-a", "task-pickup")
        van = self.stops("van-1", plan, token=DRIVER, location=HALFWAY, nav=Nav.ENROUTE_TO_DESTINATION)
        check([state for state, _ in itinerary(van)] == [Stop.ENROUTE, Stop.NEW, Stop.NEW, Stop.NEW],
              f"stop states as sent: {itinerary(van)}")
        check(van.navigation_status == Nav.ENROUTE_TO_DESTINATION, f"navigation status: {van.navigation_status}")
        check(meters(van.last_location.location, HALFWAY) < 1, "the location sent with the stops")
        self.closer(self.poll("halfway to the first stop"), "halfway")

    def first_stop(self):
        """ARRIVED at the Casino: one delivery SUCCEEDED, the pickup FAILED, the stop completed."""
        plan = list(self.plan)
        plan[0] = segment(CASINO, Stop.ARRIVED, "task-a", "task-pickup")
        van = self.stops("van-1", plan, token=DRIVER, location=CASINO, nav=Nav.ARRIVED_AT_DESTINATION)
        check(itinerary(van)[0][0] == Stop.ARRIVED, f"ARRIVED: {itinerary(van)}")

        # Outcomes while the tasks are still OPEN; the location is the van's unless the driver gives one.
        a = self.outcome("task-a", Outcome.SUCCEEDED)
        check(a.task_outcome == Outcome.SUCCEEDED and a.state == State.OPEN, f"task-a SUCCEEDED, still OPEN: {a}")
        check(a.task_outcome_location_source == Source.LAST_VEHICLE_LOCATION,
              f"outcome location source: {a.task_outcome_location_source}")
        check(meters(a.task_outcome_location.point, CASINO) < 1,
              f"outcome location = the van's: {a.task_outcome_location}")
        doorstep = {"latitude": 43.7398, "longitude": 7.4281}
        pickup = self.outcome("task-pickup", Outcome.FAILED, location=doorstep)
        check(pickup.task_outcome == Outcome.FAILED and pickup.task_outcome_location_source == Source.PROVIDER,
              f"task-pickup FAILED at the driver's location: {pickup}")
        check(meters(pickup.task_outcome_location.point, doorstep) < 1, "the driver's outcome location")
        self.fails(CODE.FAILED_PRECONDITION, "changing an outcome", lambda: self.outcome("task-a", Outcome.FAILED))
        check(self.get_task("task-a").task_outcome == Outcome.SUCCEEDED, "the first outcome stays")

        # What UpdateTask refuses on an assigned task.
        for path, task in (("type", fe.Task(type_=Type.PICKUP)), ("tracking_id", fe.Task(tracking_id="parcel-7")),
                           ("planned_location", fe.Task(planned_location=fe.LocationInfo(point=DEPOT))),
                           ("task_duration", fe.Task(task_duration=timedelta(seconds=5))),
                           ("delivery_vehicle_id", fe.Task(delivery_vehicle_id="van-2"))):
            task.name = self.task("task-b")
            self.fails(CODE.INVALID_ARGUMENT, f"UpdateTask of {path}",
                       lambda task=task, path=path: self.api.update_task(
                           task=task, update_mask=mask(path), metadata=auth(SERVER)))
        self.fails((CODE.FAILED_PRECONDITION, CODE.INVALID_ARGUMENT), "UpdateTask closing an assigned task",
                   lambda: self.api.update_task(task=fe.Task(name=self.task("task-b"), state=State.CLOSED),
                                                update_mask=mask("state"), metadata=auth(SERVER)))
        self.fails(CODE.INVALID_ARGUMENT, "UpdateTask without an update mask", lambda: self.api.update_task(
            task=fe.Task(name=self.task("task-b"), task_outcome=Outcome.SUCCEEDED), metadata=auth(SERVER)))
        check(self.get_task("task-b").state == State.OPEN and self.get_task("task-b").tracking_id == "parcel-3",
              "task-b untouched by the refused updates")
        # What UpdateTask accepts: the time window and the attributes.
        later = fe.TimeWindow(start_time=self.window.start_time + timedelta(hours=1),
                              end_time=self.window.end_time + timedelta(hours=1))
        b = self.api.update_task(
            task=fe.Task(name=self.task("task-b"), target_time_window=later,
                         attributes=[fe.TaskAttribute(key="priority", string_value="express"),
                                     fe.TaskAttribute(key="note", string_value="ring twice")]),
            update_mask=mask("target_time_window", "attributes"), metadata=auth(SERVER))
        check(b.target_time_window.start_time == later.start_time, f"UpdateTask time window: {b.target_time_window}")
        check({a.key: a.string_value for a in b.attributes} == {"priority": "express", "note": "ring twice"},
              f"UpdateTask attributes: {b.attributes}")

        self.fails(CODE.FAILED_PRECONDITION, "DeleteTask of an OPEN assigned task",
                   lambda: self.api.delete_task(name=self.task("task-p1"), metadata=auth(SERVER)))
        self.fails(CODE.FAILED_PRECONDITION, "DeleteDeliveryVehicle with OPEN tasks",
                   lambda: self.api.delete_delivery_vehicle(name=self.vehicle("van-1"), metadata=auth(SERVER)))

        # The stop is done: the driver sends the itinerary without it.
        rest = [segment(LARVOTTO, Stop.ENROUTE, "task-p1", "task-b"), segment(EXOTIC, Stop.NEW, "task-break"),
                segment(DEPOT, Stop.NEW, "task-depot")]
        van = self.stops("van-1", rest, token=DRIVER, location=CASINO, nav=Nav.ENROUTE_TO_DESTINATION)
        check(itinerary(van) == [(Stop.ENROUTE, ["task-p1", "task-b"]), (Stop.NEW, ["task-break"]),
                                 (Stop.NEW, ["task-depot"])], f"three stops left: {itinerary(van)}")
        for task_id, outcome in (("task-a", Outcome.SUCCEEDED), ("task-pickup", Outcome.FAILED)):
            got = self.get_task(task_id)
            check(got.state == State.CLOSED and got.task_outcome == outcome, f"{task_id} CLOSED, outcome kept: {got}")
            check("journey_sharing_info" not in got, f"{task_id}: a CLOSED task has no journey sharing info")
        self.fails((CODE.FAILED_PRECONDITION, CODE.INVALID_ARGUMENT), "listing a task the van already completed",
                   lambda: self.stops("van-1", [segment(CASINO, Stop.NEW, "task-a")] + rest))
        check(len(self.get_vehicle("van-1").remaining_vehicle_journey_segments) == 3,
              "the refused itinerary leaves three stops")

        info = self.poll("next stop")
        check(info.state == State.OPEN and info.remaining_stop_count == 1,
              f"the next stop, now shown under the threshold: {info.remaining_stop_count}")
        check("vehicle_location" not in info, "the van still hidden")
        self.closer(info, "at the first stop")
        journey = self.get_task("task-p1", DRIVER).journey_sharing_info
        check(len(journey.remaining_vehicle_journey_segments) == 1, "GetTask as the driver: its stop is next")

    def lists(self):
        """ListTasks filters and ListDeliveryVehicles filters, viewport and paging."""
        expectations = [
            ("state = OPEN", ["task-b", "task-break", "task-depot", "task-p1", "task-v2"]),
            ('state = OPEN AND delivery_vehicle_id = "van-1"', ["task-b", "task-break", "task-depot", "task-p1"]),
            ('delivery_vehicle_id = "van-2"', ["task-v2"]),
            ('tracking_id = "parcel-1"', ["task-p1"]),
            ("type = DELIVERY", ["task-a", "task-b", "task-p1", "task-spare", "task-v2"]),
            ("type = DELIVERY AND state = OPEN", ["task-b", "task-p1", "task-v2"]),
            ("task_outcome = SUCCEEDED", ["task-a"]),
            ("task_outcome = SUCCEEDED OR task_outcome = FAILED", ["task-a", "task-pickup"]),
            ("type = UNAVAILABLE OR type = SCHEDULED_STOP", ["task-break", "task-depot"]),
            ('attributes.priority = "express"', ["task-a", "task-b", "task-p1"]),
            ('attributes.priority = "express" AND state = CLOSED', ["task-a"]),
            ('tracking_id = "nobody"', []),
        ]
        for filter, ids in expectations:
            got = self.listed(filter)
            check(got == ids, f"{self.label} ListTasks {filter!r}: {got}, expected {ids}")
            check(self.listed(filter, token=READER, page_size=2) == ids, f"ListTasks {filter!r} as the reader, paged")
        first = self.api.list_tasks(fe.ListTasksRequest(parent=self.p, filter="type = DELIVERY", page_size=2),
                                    metadata=auth(SERVER))
        check(first.total_size == 5 and len(first.tasks) == 2 and first.next_page_token,
              f"a filtered page: total {first.total_size}, {len(first.tasks)} tasks")
        for malformed in ("state = = OPEN", "state = OPEN AND", 'attributes.priority = "express'):
            self.fails(CODE.INVALID_ARGUMENT, f"ListTasks filter {malformed!r}",
                       lambda malformed=malformed: self.listed(malformed))

        def vans(**request):
            pager = self.api.list_delivery_vehicles(fe.ListDeliveryVehiclesRequest(parent=self.p, **request),
                                                    metadata=auth(READER))
            found = list(pager)
            check(all(len(v.remaining_vehicle_journey_segments) == 0 for v in found),
                  "ListDeliveryVehicles never fills the stops")
            return sorted(v.name.rsplit("/", 1)[1] for v in found)

        check(vans() == ["van-1", "van-2"], "ListDeliveryVehicles")
        check(vans(filter='attributes.zone = "north"') == ["van-1"], "ListDeliveryVehicles zone north")
        check(vans(filter='attributes.zone = "south"') == ["van-2"], "ListDeliveryVehicles zone south")
        check(vans(filter='attributes.zone = "north" AND attributes.shift = "day"') == ["van-1"], "two attributes")
        check(vans(filter='attributes.zone = "north" AND attributes.shift = "night"') == [], "AND excludes")
        check(vans(viewport=MONACO) == ["van-1"], "the viewport keeps the van in Monaco")
        check(vans(filter='attributes.zone = "south"', viewport=MONACO) == [], "viewport and filter together")
        pages = list(self.api.list_delivery_vehicles(
            fe.ListDeliveryVehiclesRequest(parent=self.p, page_size=1), metadata=auth(SERVER)).pages)
        check([len(p.delivery_vehicles) for p in pages] == [1, 1] and pages[0].total_size == 2,
              f"ListDeliveryVehicles pages of one: {[len(p.delivery_vehicles) for p in pages]}")
        check(pages[0].delivery_vehicles[0].name != pages[1].delivery_vehicles[0].name, "two different pages")

    def permissions(self):
        """Each token, what it may and may not do."""
        denied = CODE.PERMISSION_DENIED
        # The driver of van-1.
        self.fails(denied, "the driver reading van-2", lambda: self.get_vehicle("van-2", DRIVER))
        self.fails(denied, "the driver moving van-2", lambda: self.report(BEAUSOLEIL, DRIVER, "van-2"))
        self.fails(denied, "the driver reading van-2's task", lambda: self.get_task("task-v2", DRIVER))
        self.fails(denied, "the driver setting van-2's task outcome",
                   lambda: self.outcome("task-v2", Outcome.SUCCEEDED, DRIVER))
        self.fails(denied, "the driver creating a van", lambda: self.api.create_delivery_vehicle(
            parent=self.p, delivery_vehicle_id="van-9", delivery_vehicle=fe.DeliveryVehicle(), metadata=auth(DRIVER)))
        self.fails(denied, "the driver listing tasks", lambda: self.listed(token=DRIVER))
        check(self.get_task("task-v2").task_outcome == Outcome.TASK_OUTCOME_UNSPECIFIED, "task-v2 untouched")
        check(self.get_task("task-b", DRIVER).tracking_id == "parcel-3", "the driver reads its own task")

        # The consumer of parcel-1.
        self.fails(denied, "the consumer tracking another parcel", lambda: self.info("parcel-3", CONSUMER))
        self.fails(denied, "the consumer reading the task", lambda: self.get_task("task-p1", CONSUMER))
        self.fails(denied, "the consumer reading the van", lambda: self.get_vehicle("van-1", CONSUMER))
        self.fails(denied, "the consumer listing tasks", lambda: self.listed(token=CONSUMER))
        self.fails(denied, "the consumer setting an outcome",
                   lambda: self.outcome("task-p1", Outcome.SUCCEEDED, CONSUMER))

        # The fleet reader: every read, no write.
        check(self.info("parcel-3", READER).tracking_id == "parcel-3", "the reader tracks any parcel")
        check(self.get_task("task-v2", READER).delivery_vehicle_id == "van-2", "the reader reads any task")
        check(len(self.get_vehicle("van-1", READER).remaining_vehicle_journey_segments) == 3, "the reader reads vans")
        self.fails(CODE.NOT_FOUND, "tracking a parcel nobody has", lambda: self.info("parcel-404", READER))
        self.fails(denied, "the reader creating a van", lambda: self.api.create_delivery_vehicle(
            parent=self.p, delivery_vehicle_id="van-9", delivery_vehicle=fe.DeliveryVehicle(), metadata=auth(READER)))
        self.fails(denied, "the reader moving a van", lambda: self.report(HALFWAY, READER))
        self.fails(denied, "the reader changing stops", lambda: self.stops("van-1", [], READER))
        self.fails(denied, "the reader creating a task", lambda: self.create_task("task-9", fe.Task(
            type_=Type.SCHEDULED_STOP, state=State.OPEN, planned_location=fe.LocationInfo(point=DEPOT),
            task_duration=timedelta(seconds=60)), READER))
        self.fails(denied, "the reader batch-creating tasks", lambda: self.api.batch_create_tasks(
            fe.BatchCreateTasksRequest(parent=self.p, requests=[fe.CreateTaskRequest(task_id="task-9", task=fe.Task(
                type_=Type.SCHEDULED_STOP, state=State.OPEN, planned_location=fe.LocationInfo(point=DEPOT),
                task_duration=timedelta(seconds=60)))]), metadata=auth(READER)))
        self.fails(denied, "the reader updating a task", lambda: self.api.update_task(
            task=fe.Task(name=self.task("task-depot"), attributes=[fe.TaskAttribute(key="k", string_value="v")]),
            update_mask=mask("attributes"), metadata=auth(READER)))
        self.fails(denied, "the reader deleting a CLOSED task",
                   lambda: self.api.delete_task(name=self.task("task-a"), metadata=auth(READER)))
        self.fails(CODE.NOT_FOUND, "no van created by the refused calls", lambda: self.get_vehicle("van-9"))
        self.fails(CODE.NOT_FOUND, "no task created by the refused calls", lambda: self.get_task("task-9"))
        check(self.get_task("task-a").state == State.CLOSED, "the task the reader tried to delete is still there")
        check(len(self.get_vehicle("van-1").remaining_vehicle_journey_segments) == 3, "the reader's stops refused")
        check(len(self.get_task("task-depot").attributes) == 0, "the reader's attributes refused")

        self.fails(CODE.UNAUTHENTICATED, "a garbage token", lambda: self.info("parcel-1", "not-a-token"))

    def second_stop(self):
        """ARRIVED at Larvotto: parcel-1 delivered; the consumer sees it CLOSED and SUCCEEDED."""
        arrived = [segment(LARVOTTO, Stop.ARRIVED, "task-p1", "task-b"), segment(EXOTIC, Stop.NEW, "task-break"),
                   segment(DEPOT, Stop.NEW, "task-depot")]
        self.stops("van-1", arrived, token=DRIVER, location=LARVOTTO, nav=Nav.ARRIVED_AT_DESTINATION)
        info = self.poll("at the door")
        check(info.state == State.OPEN and info.remaining_stop_count == 1, f"at the door: {info.remaining_stop_count}")
        self.closer(info, "at the door")

        p1 = self.outcome("task-p1", Outcome.SUCCEEDED)
        check(p1.task_outcome == Outcome.SUCCEEDED and p1.task_outcome_location_source == Source.LAST_VEHICLE_LOCATION
              and meters(p1.task_outcome_location.point, LARVOTTO) < 1, f"parcel-1 delivered: {p1}")
        self.outcome("task-b", Outcome.SUCCEEDED)
        self.stops("van-1", arrived[1:], token=DRIVER, location=LARVOTTO, nav=Nav.NO_GUIDANCE)

        info = self.poll("delivered")
        check(info.state == State.CLOSED and info.task_outcome == Outcome.SUCCEEDED,
              f"the consumer sees CLOSED and SUCCEEDED: {info.state}, {info.task_outcome}")
        check(info.task_outcome_time is not None
              and abs(info.task_outcome_time - p1.task_outcome_time) < timedelta(milliseconds=1),
              f"the outcome time: {info.task_outcome_time}")
        check("vehicle_location" not in info, "the van stays hidden")
        p1 = self.get_task("task-p1", DRIVER)
        check(p1.state == State.CLOSED and "journey_sharing_info" not in p1, "parcel-1 CLOSED, no journey any more")

    def end_of_day(self):
        """The break and the depot; van-2's list emptied by the backend."""
        self.stops("van-1", [segment(EXOTIC, Stop.ARRIVED, "task-break"), segment(DEPOT, Stop.NEW, "task-depot")],
                   token=DRIVER, location=EXOTIC, nav=Nav.ARRIVED_AT_DESTINATION)
        self.stops("van-1", [segment(DEPOT, Stop.ENROUTE, "task-depot")], token=DRIVER, location=EXOTIC,
                   nav=Nav.ENROUTE_TO_DESTINATION)
        rested = self.get_task("task-break")
        check(rested.state == State.CLOSED and rested.task_outcome == Outcome.TASK_OUTCOME_UNSPECIFIED,
              f"the break CLOSED without an outcome: {rested}")
        self.stops("van-1", [segment(DEPOT, Stop.ARRIVED, "task-depot")], token=DRIVER, location=DEPOT,
                   nav=Nav.ARRIVED_AT_DESTINATION)
        van = self.stops("van-1", [], token=DRIVER, location=DEPOT, nav=Nav.NO_GUIDANCE)
        check(itinerary(van) == [] and itinerary(self.get_vehicle("van-1")) == [], "van-1 has no stops left")
        check(self.listed('state = OPEN AND delivery_vehicle_id = "van-1"') == [], "nothing OPEN on van-1")

        self.fails(CODE.FAILED_PRECONDITION, "DeleteDeliveryVehicle of van-2 with an OPEN task",
                   lambda: self.api.delete_delivery_vehicle(name=self.vehicle("van-2"), metadata=auth(SERVER)))
        van2 = self.stops("van-2", [])
        check(itinerary(van2) == [], "van-2's list emptied")
        check(self.get_task("task-v2").state == State.CLOSED, "task-v2 CLOSED by leaving the list")
        check(self.listed("state = OPEN") == [], "the day is done: nothing OPEN")

    def deletes(self):
        """Deleting CLOSED tasks and vans without OPEN tasks."""
        self.fails(CODE.PERMISSION_DENIED, "the reader deleting a van",
                   lambda: self.api.delete_delivery_vehicle(name=self.vehicle("van-2"), metadata=auth(READER)))
        everything = ["task-a", "task-b", "task-break", "task-depot", "task-p1", "task-pickup", "task-spare", "task-v2"]
        check(self.listed() == everything, "every task still there before the deletes")
        for task_id in everything:
            self.api.delete_task(name=self.task(task_id), metadata=auth(SERVER))
            self.fails(CODE.NOT_FOUND, f"GetTask of the deleted {task_id}",
                       lambda task_id=task_id: self.get_task(task_id))
        self.fails(CODE.NOT_FOUND, "tracking a deleted parcel", lambda: self.info("parcel-1", READER))
        check(self.listed() == [], "ListTasks after the deletes")
        for vehicle_id in ("van-1", "van-2"):
            self.api.delete_delivery_vehicle(name=self.vehicle(vehicle_id), metadata=auth(SERVER))
            self.fails(CODE.NOT_FOUND, f"GetDeliveryVehicle of the deleted {vehicle_id}",
                       lambda vehicle_id=vehicle_id: self.get_vehicle(vehicle_id))
        self.fails(CODE.NOT_FOUND, "DeleteDeliveryVehicle twice",
                   lambda: self.api.delete_delivery_vehicle(name=self.vehicle("van-1"), metadata=auth(SERVER)))


def main():
    channel = grpc.insecure_channel(TARGET)
    over_grpc = fe.DeliveryServiceClient(transport=DeliveryServiceGrpcTransport(channel=channel))
    Day(over_grpc, "providers/delivery-grpc", rest=False).run()
    channel.close()
    after_grpc = checks

    over_rest = fe.DeliveryServiceClient(transport="rest", credentials=AnonymousCredentials(),
                                         client_options={"api_endpoint": BASE})
    over_rest.transport._session.hooks["response"].append(strict_rest_answer)
    Day(over_rest, "providers/delivery-rest", rest=True).run()
    print(f"delivery conformance: {checks} checks passed ({after_grpc} over grpc://{TARGET}, "
          f"{checks - after_grpc} over {BASE}) with Google's own Deliveries client")


if __name__ == "__main__":
    try:
        main()
    except (AssertionError, json_format.ParseError, json.JSONDecodeError) as failure:
        print(f"delivery conformance: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
