import FleetModel
import TripFollowing

/// A subscriber that writes every callback as a line, so tests can assert the exact sequence a model delivered.
actor EventLog: TripModelSubscriber {
    private(set) var lines: [String] = []
    /// Called after each callback is logged; lets a test act from inside a callback.
    var onEvent: (@Sendable (String) async -> Void)?

    func setOnEvent(_ body: (@Sendable (String) async -> Void)?) { onEvent = body }

    /// Returns the lines logged since the last call.
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }

    private func log(_ line: String) async {
        lines.append(line)
        await onEvent?(line)
    }

    func tripModel(_ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields) async {
        await log("trip \(fields)")
    }
    func tripModel(_ model: TripModel, didUpdate tripStatus: TripStatus) async { await log("status \(tripStatus.protoName)") }
    func tripModel(_ model: TripModel, didUpdate vehicleLocation: VehicleLocation?) async {
        await log("vehicle \(vehicleLocation?.location.map(Self.point) ?? "nil")")
    }
    func tripModel(_ model: TripModel, didUpdateActiveRoute route: [LatLng]) async { await log("route \(route.count)pts") }
    func tripModel(_ model: TripModel, didUpdateActiveRouteRemainingDistance meters: Int32?) async {
        await log("distance \(meters.map(String.init) ?? "nil")")
    }
    func tripModel(_ model: TripModel, didUpdateActiveRouteTraffic traffic: ConsumableTrafficPolyline?) async {
        await log("traffic \(traffic?.speedReadingInterval.map(\.speed.protoName).joined(separator: ",") ?? "nil")")
    }
    func tripModel(_ model: TripModel, didUpdatePickupLocation pickup: TerminalLocation?) async {
        await log("pickup \(pickup?.point.map(Self.point) ?? "nil")")
    }
    func tripModel(_ model: TripModel, didUpdatePickupETA eta: ProtoTimestamp?) async { await log("pickupETA \(eta?.rfc3339 ?? "nil")") }
    func tripModel(_ model: TripModel, didUpdateDropoffLocation dropoff: TerminalLocation?) async {
        await log("dropoff \(dropoff?.point.map(Self.point) ?? "nil")")
    }
    func tripModel(_ model: TripModel, didUpdateDropoffETA eta: ProtoTimestamp?) async { await log("dropoffETA \(eta?.rfc3339 ?? "nil")") }
    func tripModel(_ model: TripModel, didUpdateIntermediateDestinations destinations: [TerminalLocation]) async {
        await log("intermediate \(destinations.count)")
    }
    func tripModel(_ model: TripModel, didUpdateRemaining waypoints: [TripWaypoint]) async {
        await log("waypoints \(waypoints.map { $0.waypointType.protoName }.joined(separator: ","))")
    }
    func tripModel(_ model: TripModel, didFailUpdateTripWithError error: TripServiceError) async {
        await log("fail \(error.code.name) \(error.errorClass)")
    }
    func tripModel(_ model: TripModel, didRecoverAfter failures: Int, lastError: TripServiceError) async {
        await log("recover \(failures) \(lastError.code.name)")
    }

    static func point(_ p: LatLng) -> String { "\(p.latitude),\(p.longitude)" }
}

/// A subscriber that only counts `didUpdate trip`, to check registration rules.
actor TripCounter: TripModelSubscriber {
    private(set) var count = 0
    func tripModel(_ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields) async {
        count += 1
    }
}
