import FleetModel

/// One vehicle as the fleet view shows it — an on-demand vehicle (ListVehicles) or a delivery vehicle
/// (ListDeliveryVehicles) with its remaining stops — and whether its last report is too old to trust (the
/// JavaScript fleet location provider's `staleLocationThresholdMillis`). Both kinds go through one tracker, one
/// diff, one list and one map; what differs is read here once, in the facts both share.
public struct FleetVehicle: Sendable, Hashable {
    /// The vehicle as its API listed it.
    public enum Listed: Sendable, Hashable {
        case onDemand(Vehicle)
        /// A delivery vehicle, and its stops rebuilt from its OPEN tasks (``FleetStop/stops(serving:)``), since
        /// ListDeliveryVehicles never fills `remainingVehicleJourneySegments`.
        case delivery(DeliveryVehicle, stops: [FleetStop])
    }

    public var listed: Listed
    /// Its last location's update time is older than the tracker's stale threshold, or it has no location.
    public var isStale: Bool

    public init(_ listed: Listed, isStale: Bool) {
        self.listed = listed
        self.isStale = isStale
    }

    public init(vehicle: Vehicle, isStale: Bool) { self.init(.onDemand(vehicle), isStale: isStale) }

    /// A delivery vehicle with its OPEN tasks (in any order).
    public init(deliveryVehicle: DeliveryVehicle, openTasks: [DeliveryTask], isStale: Bool) {
        self.init(.delivery(deliveryVehicle, stops: FleetStop.stops(serving: openTasks)), isStale: isStale)
    }

    /// The vehicle's resource name (`providers/p/vehicles/v` or `providers/p/deliveryVehicles/v`), its identity in
    /// the fleet.
    public var name: String {
        switch listed {
        case .onDemand(let vehicle): vehicle.name
        case .delivery(let vehicle, _): vehicle.name
        }
    }

    public var isDelivery: Bool {
        if case .delivery = listed { true } else { false }
    }

    /// The on-demand vehicle; nil for a delivery vehicle.
    public var vehicle: Vehicle? {
        if case .onDemand(let vehicle) = listed { vehicle } else { nil }
    }

    /// The delivery vehicle; nil for an on-demand one.
    public var deliveryVehicle: DeliveryVehicle? {
        if case .delivery(let vehicle, _) = listed { vehicle } else { nil }
    }

    public var lastLocation: FleetLocation? {
        switch listed {
        case .onDemand(let vehicle): vehicle.lastLocation.map(FleetLocation.init)
        case .delivery(let vehicle, _): vehicle.lastLocation.map(FleetLocation.init)
        }
    }

    /// The stops ahead, in the order the vehicle will reach them.
    public var stops: [FleetStop] {
        switch listed {
        case .onDemand(let vehicle): FleetStop.stops(of: vehicle)
        case .delivery(_, let stops): stops
        }
    }

    /// A delivery vehicle's OPEN tasks, stop by stop; none for an on-demand vehicle.
    public var openTasks: [DeliveryTask] {
        if case .delivery(_, let stops) = listed { stops.flatMap(\.tasks) } else { [] }
    }

    /// The ids of an on-demand vehicle's current trips, as listed; none for a delivery vehicle.
    public var currentTrips: [String] { vehicle?.currentTrips ?? [] }

    /// Whether an on-demand vehicle is OFFLINE; a delivery vehicle has no state.
    public var isOffline: Bool { vehicle?.vehicleState == .offline }

    /// The navigation status, in the on-demand API's enum (the delivery one has the same cases and numbers).
    public var navigationStatus: NavigationStatus {
        switch listed {
        case .onDemand(let vehicle): vehicle.navigationStatus
        case .delivery(let vehicle, _):
            NavigationStatus(rawValue: vehicle.navigationStatus.rawValue) ?? .unknownNavigationStatus
        }
    }

    /// When a vehicle last reported where it was (its location's server time, else device time); nil without a
    /// location. One rule for the tracker's staleness and for a replay's next stale moment.
    public static func lastReport(of vehicle: Vehicle) -> ProtoTimestamp? {
        vehicle.lastLocation.flatMap { FleetLocation($0).lastReport }
    }
}
