import FleetModel
import Foundation

/// What Fleet Engine derives from a delivery vehicle's reports and stops, on reading: each remaining segment's
/// driving distance, duration and path; a task's `journeySharingInfo`; and a shipment's ``TaskTrackingInfo``, with
/// the task's visibility rules applied.
///
/// The first segment is the driver's app's route when it reported one ending at the first stop
/// (`currentRouteSegment`, `remainingDistanceMeters`, `remainingDuration`); the others, and the first without a
/// report, are driven on the server's road map, or straight lines at 30 km/h off it (``TravelEstimator``). A stop's
/// time there is the sum of its tasks' `taskDuration`s. Derived rather than stored, so an answer always reflects
/// the newest report.
struct DeliveryProgress: Sendable {
    let estimator: TravelEstimator
    /// What an element with no visibility rule gets: nil shows it (`serve --task-visibility`).
    let defaultVisibility: TaskTrackingViewConfig.VisibilityOption?

    func itinerary(of vehicle: DeliveryVehicle, tasks: [String: DeliveryTask]) -> Itinerary {
        Itinerary(vehicle: vehicle, tasks: tasks, journey: journey(of: vehicle))
    }

    /// The vehicle's remaining segments with their legs, from its last location (none without one).
    func journey(of vehicle: DeliveryVehicle) -> [VehicleJourneySegment] {
        var segments = vehicle.remainingVehicleJourneySegments
        var from = vehicle.lastLocation?.location
        for i in segments.indices {
            guard let to = segments[i].stop?.plannedLocation?.point, let start = from else { continue }
            defer { from = to }
            if i == 0, segments[0].stop?.state == .arrived {
                segments[0].drivingDistanceMeters = 0
                segments[0].drivingDuration = ProtoDuration(seconds: 0)
                segments[0].path = [start]
                continue
            }
            if i == 0, let reported = reportedRoute(of: vehicle, to: to) {
                let meters = vehicle.remainingDistanceMeters.map(Double.init) ?? reported.length
                segments[0].drivingDistanceMeters = Self.meters(meters)
                segments[0].drivingDuration =
                    vehicle.remainingDuration ?? Self.duration(meters / TravelEstimator.metresPerSecond)
                segments[0].path = reported
                continue
            }
            let leg = estimator.leg(from: start, to: to)
            segments[i].drivingDistanceMeters = Self.meters(leg.meters)
            segments[i].drivingDuration = Self.duration(leg.seconds)
            segments[i].path = leg.path
        }
        return segments
    }

    /// The driver's app's route to the first stop, when it reported one that leads there (its end point, when
    /// given, within 50 m of the stop).
    private func reportedRoute(of vehicle: DeliveryVehicle, to stop: LatLng) -> [LatLng]? {
        guard !vehicle.currentRouteSegment.isEmpty,
            let path = try? S2Polyline.decode(bytes: Array(vehicle.currentRouteSegment)), !path.isEmpty
        else { return nil }
        if let end = vehicle.currentRouteSegmentEndPoint, Geo.distance(end, stop) > 50 { return nil }
        return path
    }

    /// GetDeliveryVehicle's answer: the segments' legs, and each stop's tasks with their duration and window.
    func vehicleAnswer(_ vehicle: DeliveryVehicle, tasks: [String: DeliveryTask]) -> DeliveryVehicle {
        var answer = vehicle
        answer.remainingVehicleJourneySegments = journey(of: vehicle).map { segment in
            var segment = segment
            let infos = segment.stop?.tasks ?? []
            segment.stop?.tasks = infos.map { info in
                VehicleStop.TaskInfo(
                    taskId: info.taskId, taskDuration: tasks[info.taskId]?.taskDuration,
                    targetTimeWindow: tasks[info.taskId]?.targetTimeWindow)
            }
            return segment
        }
        return answer
    }

    /// Where the task stands on its vehicle's itinerary: the segments up to and including its stop, and the
    /// estimates to that stop (none while the vehicle has reported no location). Nil when the task is not OPEN on a
    /// vehicle that lists it.
    struct Position {
        var segments: [VehicleJourneySegment]
        var stopCount: Int32
        var meters: Int32?
        var arrival: ProtoTimestamp?
        var completion: ProtoTimestamp?
    }

    func position(of task: DeliveryTask, on itinerary: Itinerary?, now: ProtoTimestamp) -> Position? {
        let id = TaskService.id(task)
        guard task.state == .open, let itinerary,
            let stop = itinerary.vehicle.remainingVehicleJourneySegments.firstIndex(where: {
                $0.stop?.tasks.contains { $0.taskId == id } ?? false
            })
        else { return nil }
        let (vehicle, tasks) = (itinerary.vehicle, itinerary.tasks)
        let segments = Array(itinerary.journey[...stop])
        var position = Position(segments: segments, stopCount: Int32(stop + 1))
        guard vehicle.lastLocation?.location != nil else { return position }
        var seconds = 0.0
        var meters = 0
        for (i, segment) in segments.enumerated() {
            seconds += segment.drivingDuration?.timeInterval ?? 0
            meters += Int(segment.drivingDistanceMeters ?? 0)
            // The vehicle serves every earlier stop's tasks before driving on.
            if i < stop {
                seconds +=
                    segment.stop?.tasks.reduce(0) { $0 + (tasks[$1.taskId]?.taskDuration?.timeInterval ?? 0) } ?? 0
            }
        }
        let arrival = now + .milliseconds(Int64((seconds * 1000).rounded()))
        position.meters = Int32(clamping: meters)
        position.arrival = arrival
        position.completion = arrival + (task.taskDuration?.duration ?? .zero)
        return position
    }

    /// GetTask's answer: an OPEN task on a vehicle's itinerary gets its `journeySharingInfo` — the legs up to its
    /// stop (the stops themselves left out, as Fleet Engine leaves them out of GetTask: they are other customers'
    /// places) and the vehicle's last location; a CLOSED task has none.
    func taskAnswer(_ task: DeliveryTask, on itinerary: Itinerary?, now: ProtoTimestamp) -> DeliveryTask {
        var answer = task
        answer.journeySharingInfo = nil
        guard let vehicle = itinerary?.vehicle, vehicle.lastLocation != nil,
            let position = position(of: task, on: itinerary, now: now)
        else { return answer }
        let reported = reportedRoute(of: vehicle, to: position.segments[0].stop?.plannedLocation?.point ?? LatLng())
        answer.journeySharingInfo = DeliveryTask.JourneySharingInfo(
            remainingVehicleJourneySegments: position.segments.map { segment in
                var segment = segment
                segment.stop = nil
                return segment
            },
            lastLocation: vehicle.lastLocation,
            lastLocationSnappable: reported != nil && (vehicle.lastLocation?.isRoadSnapped ?? false))
        return answer
    }

    /// GetTaskTrackingInfo's answer for `task`, one of the shipment's, under its visibility rules.
    func trackingInfo(
        _ task: DeliveryTask, name: TaskTrackingInfoName, on itinerary: Itinerary?, now: ProtoTimestamp
    ) -> TaskTrackingInfo {
        var (info, routeThrough) = trackingInfoWithoutRoute(task, name: name, on: itinerary, now: now)
        if let routeThrough, let itinerary {
            info.routePolylinePoints = itinerary.journey[...routeThrough].flatMap(\.path)
        }
        return info
    }

    /// GetTaskTrackingInfo's answer as JSON, its route spliced in from the itinerary's ``RoutePointsJSON``: the
    /// same bytes as ``trackingInfo(_:name:on:now:)``'s, without writing the points again for each shipment.
    func trackingInfoJSON(
        _ task: DeliveryTask, name: TaskTrackingInfoName, on itinerary: Itinerary?, now: ProtoTimestamp,
        options: ProtoJSONEncodingOptions
    ) throws -> [UInt8] {
        let (info, routeThrough) = trackingInfoWithoutRoute(task, name: name, on: itinerary, now: now)
        guard let routeThrough else { return try ProtoJSON.bytes(of: info, options: options) }
        guard let route = itinerary?.route else {
            return try ProtoJSON.bytes(of: trackingInfo(task, name: name, on: itinerary, now: now), options: options)
        }
        return try ProtoJSON.bytes(
            of: info, splicing: "routePolylinePoints", elements: route.elements(through: routeThrough),
            options: options)
    }

    /// The answer but for its route, and the last segment the route runs through when the rules show it.
    private func trackingInfoWithoutRoute(
        _ task: DeliveryTask, name: TaskTrackingInfoName, on itinerary: Itinerary?, now: ProtoTimestamp
    ) -> (info: TaskTrackingInfo, routeThrough: Int?) {
        var info = TaskTrackingInfo(
            name: name.description, trackingId: task.trackingId, state: task.state, taskOutcome: task.taskOutcome,
            taskOutcomeTime: task.taskOutcomeTime, plannedLocation: task.plannedLocation,
            targetTimeWindow: task.targetTimeWindow, attributes: task.attributes)
        guard let position = position(of: task, on: itinerary, now: now) else { return (info, nil) }
        let vehicle = itinerary?.vehicle
        let config = task.taskTrackingViewConfig ?? TaskTrackingViewConfig()
        // A threshold on an estimate there is none of (no location yet) hides the element.
        func shown(_ option: TaskTrackingViewConfig.VisibilityOption?) -> Bool {
            switch (option ?? defaultVisibility)?.visibilityOption {
            case nil, .always: true
            case .never: false
            case .remainingStopCountThreshold(let n): position.stopCount <= n
            case .remainingDrivingDistanceMetersThreshold(let m): position.meters.map { $0 <= m } ?? false
            case .durationUntilEstimatedArrivalTimeThreshold(let d):
                position.arrival.map { $0 - now <= d.duration } ?? false
            }
        }
        if shown(config.vehicleLocationVisibility) { info.vehicleLocation = vehicle?.lastLocation }
        if shown(config.remainingStopCountVisibility) { info.remainingStopCount = position.stopCount }
        if shown(config.remainingDrivingDistanceVisibility) { info.remainingDrivingDistanceMeters = position.meters }
        if shown(config.estimatedArrivalTimeVisibility) { info.estimatedArrivalTime = position.arrival }
        if shown(config.estimatedTaskCompletionTimeVisibility) {
            info.estimatedTaskCompletionTime = position.completion
        }
        return (info, shown(config.routePolylinePointsVisibility) ? position.segments.count - 1 : nil)
    }

    /// Of a shipment's tasks, the one its tracking info is about (Fleet Engine picks one when a tracking id has
    /// several): the OPEN task whose stop the vehicle reaches first, else an OPEN one still unassigned, else the
    /// one closed last.
    static func trackedTask(
        of candidates: [DeliveryTask], vehicles: [String: DeliveryVehicle]
    ) -> DeliveryTask? {
        func stopIndex(_ task: DeliveryTask) -> Int? {
            let id = TaskService.id(task)
            return vehicles[task.deliveryVehicleId]?.remainingVehicleJourneySegments.firstIndex {
                $0.stop?.tasks.contains { $0.taskId == id } ?? false
            }
        }
        let open = candidates.filter { $0.state == .open }
        if let next = open.compactMap({ task in stopIndex(task).map { (task, $0) } }).min(by: { $0.1 < $1.1 }) {
            return next.0
        }
        if let waiting = open.first { return waiting }
        return candidates.max {
            ($0.taskOutcomeTime ?? ProtoTimestamp(seconds: 0)) < ($1.taskOutcomeTime ?? ProtoTimestamp(seconds: 0))
        }
    }

    static func meters(_ value: Double) -> Int32 { Int32(min(Double(Int32.max), value.rounded())) }

    static func duration(_ seconds: Double) -> ProtoDuration {
        ProtoDuration(.milliseconds(Int64((seconds * 1000).rounded())))
    }
}

/// A delivery vehicle with what its tasks' answers derive from: its OPEN tasks by id and its journey's legs
/// (``DeliveryProgress/itinerary(of:tasks:)``). The same for each of its tasks until a write changes the vehicle or
/// one of them, so a depot's many shipments of one van share one (``DeliveryReadCache``).
struct Itinerary: Sendable {
    let vehicle: DeliveryVehicle
    let tasks: [String: DeliveryTask]
    let journey: [VehicleJourneySegment]
    /// The journey's points, written once for all its shipments' answers (nil if they could not be).
    let route: RoutePointsJSON?

    init(vehicle: DeliveryVehicle, tasks: [String: DeliveryTask], journey: [VehicleJourneySegment]) {
        self.vehicle = vehicle
        self.tasks = tasks
        self.journey = journey
        self.route = try? RoutePointsJSON(journey)
    }
}

/// A journey's path points as JSON, written once: a shipment's route is the paths of the segments up to its stop,
/// so each of a van's shipments takes a prefix of the same text rather than writing the points again (which was a
/// fifth of the depot city's CPU).
struct RoutePointsJSON: Sendable {
    /// Every segment's points, comma-separated, each as an answer writes it.
    private let points: [UInt8]
    /// Where segment `i`'s points end in `points`.
    private let ends: [Int]

    init(_ journey: [VehicleJourneySegment]) throws {
        var output = ProtoJSONOutput(capacity: 64 * journey.reduce(0) { $0 + $1.path.count })
        var ends: [Int] = []
        ends.reserveCapacity(journey.count)
        for segment in journey {
            for point in segment.path {
                if !output.bytes.isEmpty { output.writeJSON(CollectionOfOne(UInt8(ascii: ","))) }
                try output.writeMessage(point)
            }
            ends.append(output.bytes.count)
        }
        self.points = output.bytes
        self.ends = ends
    }

    /// The points of segments 0 through `last`, comma-separated; empty when they have none.
    func elements(through last: Int) -> ArraySlice<UInt8> {
        ends.indices.contains(last) ? points[..<ends[last]] : []
    }
}
