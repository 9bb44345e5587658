import FleetModel

/// A driver's location report, as both APIs shape it (`VehicleLocation`, `DeliveryVehicleLocation`): what the
/// server checks and stamps on every report, once for both.
protocol ReportedLocation {
    var location: LatLng? { get }
    var heading: Int32? { get }
    var serverTime: ProtoTimestamp? { get set }
    var isGpsSensorEnabled: Bool? { get set }
    var timeSinceUpdate: Int32? { get set }
    var numStaleUpdates: Int32? { get set }
    /// The first sensor field set to FLEET_ENGINE_LOCATION, which only the server may say.
    var fleetEngineSensorField: String? { get }
}

extension ReportedLocation {
    /// The report with the server's receive time, its input-only fields dropped; a point is required, the
    /// heading within [0, 360). `field` names the report in messages.
    func stamped(now: ProtoTimestamp, field: String) throws(FleetError) -> Self {
        guard let point = location else { throw .invalidArgument("\(field).location is required") }
        try TripService.validate(point, field: "\(field).location")
        if let sensor = fleetEngineSensorField {
            throw .invalidArgument("\(field).\(sensor) FLEET_ENGINE_LOCATION is output only")
        }
        if let heading, !(0..<360).contains(heading) {
            throw .invalidArgument("\(field).heading \(heading) is outside [0, 360)")
        }
        var stamped = self
        stamped.serverTime = now
        stamped.isGpsSensorEnabled = nil
        stamped.timeSinceUpdate = nil
        stamped.numStaleUpdates = nil
        return stamped
    }
}

extension VehicleLocation: ReportedLocation {
    var fleetEngineSensorField: String? { locationSensor == .fleetEngineLocation ? "locationSensor" : nil }
}

extension DeliveryVehicleLocation: ReportedLocation {
    var fleetEngineSensorField: String? {
        [
            ("locationSensor", locationSensor), ("rawLocationSensor", rawLocationSensor),
            ("supplementalLocationSensor", supplementalLocationSensor),
        ].first { $0.1 == .fleetEngineLocation }?.0
    }
}
