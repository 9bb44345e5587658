import FleetModel
import Foundation

/// The vehicle a ``VehicleReporter`` reports, and so which of Fleet Engine's APIs it calls: an on-demand vehicle
/// (UpdateVehicle) or a delivery vehicle (UpdateDeliveryVehicle). The Driver SDK's two reporters send the same facts
/// — position, route to the next stop, its remaining distance and time, navigation status — so one reporter builds
/// them once, and this type spells them in the delivery fields.
public enum ReportedVehicle: Hashable, Sendable, CustomStringConvertible {
    case onDemand(VehicleName)
    case delivery(DeliveryVehicleName)

    public var description: String {
        switch self {
        case .onDemand(let name): name.description
        case .delivery(let name): name.description
        }
    }

    /// Whether turning tracking off sets the vehicle OFFLINE: an on-demand vehicle's only, a delivery vehicle has no
    /// state.
    public var goesOfflineWhenTrackingStops: Bool {
        if case .onDemand = self { true } else { false }
    }

    /// A field of the on-demand patch as the delivery vehicle's: it has no state, and calls its remaining time
    /// `remainingDuration`.
    static func deliveryField(_ field: String) -> String? {
        switch field {
        case "vehicleState": nil
        case "remainingTimeSeconds": "remainingDuration"
        default: field
        }
    }

    /// An on-demand patch in the Deliveries API's fields: the route as S2 polyline bytes (the on-demand field's
    /// base64url, undone), its end as a point.
    static func deliveryPatch(_ vehicle: Vehicle, mask: [String]) -> (DeliveryVehicle, [String]) {
        var patch = DeliveryVehicle()
        if let location = vehicle.lastLocation {
            var sent = DeliveryVehicleLocation(
                location: location.location, heading: location.heading, altitude: location.altitude,
                speed: location.speed, updateTime: location.updateTime,
                locationSensor: DeliveryVehicleLocationSensor(rawValue: location.locationSensor.rawValue)
                    ?? .unknownSensor)
            sent.latlngAccuracy = location.latlngAccuracy
            patch.lastLocation = sent
        }
        patch.navigationStatus =
            DeliveryVehicleNavigationStatus(rawValue: vehicle.navigationStatus.rawValue) ?? .unknownNavigationStatus
        if let bytes = Data(protoBase64: vehicle.currentRouteSegment) { patch.currentRouteSegment = bytes }
        patch.currentRouteSegmentEndPoint = vehicle.currentRouteSegmentEndPoint?.location?.point
        patch.remainingDistanceMeters = vehicle.remainingDistanceMeters
        patch.remainingDuration = vehicle.remainingTimeSeconds.map { ProtoDuration(seconds: Int64($0)) }
        return (patch, mask.compactMap(deliveryField))
    }
}
