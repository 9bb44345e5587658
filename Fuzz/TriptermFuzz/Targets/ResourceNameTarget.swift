import FleetModel
import Foundation

extension FuzzTarget {
    /// Trip and vehicle names as they arrive in flags, trip files, tokens and URLs.
    static let resourceNames = FuzzTarget(name: "resource-names", summary: "TripName/VehicleName parsing, ResourceID") {
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
        if ResourceID.isValid(text) {
            invariant((try? TripName(provider: "p", tripID: text)) != nil, "a valid id is refused in a trip name")
        }
        _ = ResourceID.problem(withProviderID: text)
    }
}
