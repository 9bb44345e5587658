// Cloud Logging writes Fleet Engine's enums with the names of its log messages' own enums (`TRIP_STATUS_NEW`,
// `VEHICLE_STATE_ONLINE`…), not the API's: these are read as the API's values, so a log export decodes into the
// same types the API uses. The API writes its own names; a log (`serve --log-export`) writes these, read backwards
// (`logSpelling`), so each spelling is declared once for both directions.

extension TripStatus {
    public static let protoAliases: [String: TripStatus] = Dictionary(
        uniqueKeysWithValues: allCases.map { ("TRIP_STATUS_" + $0.protoName, $0) })
}

extension TripType {
    public static let protoAliases: [String: TripType] = ["SHARED_TRIP": .shared, "EXCLUSIVE_TRIP": .exclusive]
}

extension WaypointType {
    public static let protoAliases: [String: WaypointType] = [
        "WAYPOINT_TYPE_PICKUP": .pickupWaypointType, "WAYPOINT_TYPE_DROP_OFF": .dropOffWaypointType,
        "WAYPOINT_TYPE_INTERMEDIATE_DESTINATION": .intermediateDestinationWaypointType,
    ]
}

extension VehicleState {
    public static let protoAliases: [String: VehicleState] = Dictionary(
        uniqueKeysWithValues: allCases.map { ("VEHICLE_STATE_" + $0.protoName, $0) })
}

extension NavigationStatus {
    public static let protoAliases: [String: NavigationStatus] = Dictionary(
        uniqueKeysWithValues: allCases.map { ("NAVIGATION_STATUS_" + $0.protoName, $0) })
}

extension LocationSensor {
    public static let protoAliases: [String: LocationSensor] = Dictionary(
        uniqueKeysWithValues: allCases.map { ("LOCATION_SENSOR_" + $0.protoName, $0) })
}

extension LocationPowerSaveMode {
    public static let protoAliases: [String: LocationPowerSaveMode] = Dictionary(
        uniqueKeysWithValues: allCases.dropFirst().map {
            ("LOCATION_POWER_SAVE_MODE_LOG_" + $0.protoName.dropFirst("LOCATION_MODE_".count), $0)
        })
}

extension BatteryStatus {
    public static let protoAliases: [String: BatteryStatus] = Dictionary(
        uniqueKeysWithValues: allCases.dropFirst().map {
            ("BATTERY_STATUS_LOG_" + $0.protoName.dropFirst("BATTERY_STATUS_".count), $0)
        })
}

extension PowerSource {
    public static let protoAliases: [String: PowerSource] = Dictionary(
        uniqueKeysWithValues: allCases.dropFirst().map {
            ("POWER_SOURCE_LOG_" + $0.protoName.dropFirst("POWER_SOURCE_".count), $0)
        })
}

extension VisualTrafficReportPolylineRendering.RoadStretch.Style {
    public static let protoAliases: [String: Self] = [
        "STYLE_SLOWER_TRAFFIC": .slowerTraffic, "STYLE_TRAFFIC_JAM": .trafficJam,
    ]
}

// The Deliveries API's log enums (`TaskLog`, `DeliveryVehicleLog`): `TASK_STATE_LOG_OPEN`,
// `VEHICLE_STOP_STATE_LOG_ARRIVED`, `NAVIGATION_STATUS_ENROUTE_TO_DESTINATION`… — the API's names behind a prefix; the
// unspecified member has no log spelling worth reading.

extension DeliveryTask.TaskType {
    public static let protoAliases = logAliases(prefix: "TASK_TYPE_LOG_")
}

extension DeliveryTask.State {
    public static let protoAliases = logAliases(prefix: "TASK_STATE_LOG_")
}

extension DeliveryTask.TaskOutcome {
    public static let protoAliases = logAliases(prefix: "TASK_OUTCOME_LOG_")
}

extension DeliveryTask.TaskOutcomeLocationSource {
    public static let protoAliases = logAliases(prefix: "TASK_OUTCOME_LOCATION_SOURCE_LOG_")
}

extension VehicleStop.State {
    public static let protoAliases = logAliases(prefix: "VEHICLE_STOP_STATE_LOG_")
}

extension DeliveryVehicle.DeliveryVehicleType {
    public static let protoAliases = logAliases(prefix: "DELIVERY_VEHICLE_TYPE_LOG_")
}

extension DeliveryVehicleNavigationStatus {
    public static let protoAliases = logAliases(prefix: "NAVIGATION_STATUS_")
}

extension DeliveryVehicleLocationSensor {
    public static let protoAliases = logAliases(prefix: "LOCATION_SENSOR_")
}

// The request header's, as real exports show them (`PLATFORM_LOG_ANDROID`, `SDK_TYPE_LOG_DRIVER`).

extension RequestHeader.SdkType {
    public static let protoAliases = logAliases(prefix: "SDK_TYPE_LOG_")
}

extension RequestHeader.Platform {
    public static let protoAliases = logAliases(prefix: "PLATFORM_LOG_")
}

extension DeliveryRequestHeader.SdkType {
    public static let protoAliases = logAliases(prefix: "SDK_TYPE_LOG_")
}

extension DeliveryRequestHeader.Platform {
    public static let protoAliases = logAliases(prefix: "PLATFORM_LOG_")
}

extension ProtoEnum {
    /// The value as Cloud Logging writes it: the alias of ``protoAliases`` that reads as this value — the reading
    /// table, read backwards — else its API name (the unspecified member, and enums logs spell as the API does).
    public var logSpelling: String {
        Self.protoAliases.lazy.filter { $0.value == self }.map(\.key).min() ?? protoName
    }

    /// Every member but the zero one, spelt `prefix` + its API name.
    static func logAliases(prefix: String) -> [String: Self] {
        Dictionary(uniqueKeysWithValues: allCases.filter { $0.rawValue != 0 }.map { (prefix + $0.protoName, $0) })
    }
}
