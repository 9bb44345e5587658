/// Which sensor produced a location (`maps.fleetengine.v1.LocationSensor`).
public enum LocationSensor: Int32, ProtoEnum {
    case unknownSensor = 0
    case gps = 1
    case network = 2
    case passive = 3
    case roadSnappedLocationProvider = 4
    case customerSuppliedLocation = 5
    /// Output only: Fleet Engine's own estimate; rejected in requests.
    case fleetEngineLocation = 6
    case fusedLocationProvider = 100
    case coreLocation = 200

    public var protoName: String {
        switch self {
        case .unknownSensor: "UNKNOWN_SENSOR"
        case .gps: "GPS"
        case .network: "NETWORK"
        case .passive: "PASSIVE"
        case .roadSnappedLocationProvider: "ROAD_SNAPPED_LOCATION_PROVIDER"
        case .customerSuppliedLocation: "CUSTOMER_SUPPLIED_LOCATION"
        case .fleetEngineLocation: "FLEET_ENGINE_LOCATION"
        case .fusedLocationProvider: "FUSED_LOCATION_PROVIDER"
        case .coreLocation: "CORE_LOCATION"
        }
    }

    /// Cloud Logging spells these `LOCATION_SENSOR_GPS` and so on.
    public static let protoAliases: [String: LocationSensor] = Dictionary(
        uniqueKeysWithValues: allCases.map { ("LOCATION_SENSOR_" + $0.protoName, $0) })
}
