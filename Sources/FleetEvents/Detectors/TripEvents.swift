import FleetModel

/// `trip-status`: a trip's status before and after a write. A new trip counts as a change from none (its `before`
/// is null), so a backend hears of every trip; an unchanged status is no event.
public enum TripEvents {
    public static func detect(before: Trip?, after: Trip) -> [DetectedEvent] {
        guard before?.tripStatus != after.tripStatus else { return [] }
        return [
            DetectedEvent(
                kind: .tripStatus, trip: after.name, vehicle: vehicleName(of: after),
                before: before.map { .object(["tripStatus": .string($0.tripStatus.protoName)]) },
                after: .object(["tripStatus": .string(after.tripStatus.protoName)]))
        ]
    }

    /// The trip's vehicle as a resource name, empty when unassigned.
    static func vehicleName(of trip: Trip) -> String {
        guard !trip.vehicleId.isEmpty, let name = try? TripName(parsing: trip.name) else { return "" }
        return "providers/\(name.provider)/vehicles/\(trip.vehicleId)"
    }
}
