import FleetModel
import Foundation

extension FuzzTarget {
    /// Trip, vehicle, delivery vehicle, task and tracking names as they arrive in flags, trip files, tokens and URLs.
    static let resourceNames = FuzzTarget(
        name: "resource-names", summary: "TripName/VehicleName/TaskName… parsing, ResourceID"
    ) {
        data in
        let text = String(decoding: data, as: UTF8.self)
        if let name = try? TripName(parsing: text) {
            invariant(
                (try? TripName(provider: name.provider, tripID: name.tripID)) == name,
                "TripName does not rebuild from its parts")
            invariant((try? TripName(parsing: name.description)) == name, "TripName does not parse its description")
        }
        if let name = try? VehicleName(parsing: text) {
            invariant(
                (try? VehicleName(provider: name.provider, vehicleID: name.vehicleID)) == name,
                "VehicleName does not rebuild from its parts")
            invariant(
                (try? VehicleName(parsing: name.description)) == name, "VehicleName does not parse its description")
        }
        rebuilds(DeliveryVehicleName.self, text)
        rebuilds(TaskName.self, text)
        rebuilds(TaskTrackingInfoName.self, text)
        if ResourceID.isValid(text) {
            invariant((try? TripName(provider: "p", tripID: text)) != nil, "a valid id is refused in a trip name")
        }
        _ = ResourceID.problem(withProviderID: text)
    }

    /// A name parsed from `text` rebuilds from its parts and parses its own description.
    private static func rebuilds<N: FleetResourceName>(_ type: N.Type, _ text: String) {
        guard let name = try? N(parsing: text) else { return }
        invariant(N(parts: name.parts) == name, "\(N.self) does not rebuild from its parts")
        invariant((try? N(parsing: name.description)) == name, "\(N.self) does not parse its description")
    }
}
