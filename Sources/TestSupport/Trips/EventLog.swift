import FleetModel
import TripFollowing

/// A subscriber that writes every callback as a line, so tests can assert the exact sequence a model delivered.
public actor EventLog: TripModelSubscriber {
    public private(set) var lines: [String] = []

    public init() {}
    /// Called after each callback is logged; lets a test act from inside a callback.
    public var onEvent: (@Sendable (String) async -> Void)?

    public func setOnEvent(_ body: (@Sendable (String) async -> Void)?) { onEvent = body }

    /// Returns the lines logged since the last call.
    public func take() -> [String] {
        defer { lines = [] }
        return lines
    }

    private func log(_ line: String) async {
        lines.append(line)
        await onEvent?(line)
    }

    public func tripModel(
        _ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields
    ) async {
        await log("trip \(fields)")
    }
    public func tripModel(_ model: TripModel, didUpdate tripStatus: TripStatus) async {
        await log("status \(tripStatus.protoName)")
    }
    public func tripModel(_ model: TripModel, didUpdate vehicleLocation: VehicleLocation?) async {
        await log("vehicle \(vehicleLocation?.location.map(Self.point) ?? "nil")")
    }
    public func tripModel(_ model: TripModel, didUpdateActiveRoute route: [LatLng]) async {
        await log("route \(route.count)pts")
    }
    public func tripModel(_ model: TripModel, didUpdateActiveRouteRemainingDistance meters: Int32?) async {
        await log("distance \(meters.map(String.init) ?? "nil")")
    }
    public func tripModel(_ model: TripModel, didUpdateActiveRouteTraffic traffic: ConsumableTrafficPolyline?) async {
        await log("traffic \(traffic?.speedReadingInterval.map(\.speed.protoName).joined(separator: ",") ?? "nil")")
    }
    public func tripModel(_ model: TripModel, didUpdatePickupLocation pickup: TerminalLocation?) async {
        await log("pickup \(pickup?.point.map(Self.point) ?? "nil")")
    }
    public func tripModel(_ model: TripModel, didUpdatePickupETA eta: ProtoTimestamp?) async {
        await log("pickupETA \(eta?.rfc3339 ?? "nil")")
    }
    public func tripModel(_ model: TripModel, didUpdateDropoffLocation dropoff: TerminalLocation?) async {
        await log("dropoff \(dropoff?.point.map(Self.point) ?? "nil")")
    }
    public func tripModel(_ model: TripModel, didUpdateDropoffETA eta: ProtoTimestamp?) async {
        await log("dropoffETA \(eta?.rfc3339 ?? "nil")")
    }
    public func tripModel(_ model: TripModel, didUpdateIntermediateDestinations destinations: [TerminalLocation]) async
    {
        await log("intermediate \(destinations.count)")
    }
    public func tripModel(_ model: TripModel, didUpdateRemaining waypoints: [TripWaypoint]) async {
        await log("waypoints \(waypoints.map { $0.waypointType.protoName }.joined(separator: ","))")
    }
    public func tripModel(_ model: TripModel, didFailUpdateTripWithError error: TripServiceError) async {
        await log("fail \(error.code.name) \(error.errorClass)")
    }
    public func tripModel(_ model: TripModel, didRecoverAfter failures: Int, lastError: TripServiceError) async {
        await log("recover \(failures) \(lastError.code.name)")
    }

    public static func point(_ p: LatLng) -> String { "\(p.latitude),\(p.longitude)" }
}

/// A subscriber that only counts `didUpdate trip`, to check registration rules.
public actor TripCounter: TripModelSubscriber {
    public private(set) var count = 0

    public init() {}
    public func tripModel(
        _ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields
    ) async {
        count += 1
    }
}
