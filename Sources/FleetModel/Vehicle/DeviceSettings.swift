/// The driver's phone state that affects location reporting (`maps.fleetengine.v1.DeviceSettings`), input only.
public struct DeviceSettings: ProtoMessage, Hashable, Sendable {
    public var locationPowerSaveMode: LocationPowerSaveMode
    public var isPowerSaveMode: Bool
    public var isInteractive: Bool
    public var batteryInfo: BatteryInfo?

    public init(
        locationPowerSaveMode: LocationPowerSaveMode = .unknownLocationPowerSaveMode, isPowerSaveMode: Bool = false,
        isInteractive: Bool = false, batteryInfo: BatteryInfo? = nil
    ) {
        self.locationPowerSaveMode = locationPowerSaveMode
        self.isPowerSaveMode = isPowerSaveMode
        self.isInteractive = isInteractive
        self.batteryInfo = batteryInfo
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        batteryInfo = try r("batteryInfo")
        isInteractive = try r("isInteractive", default: false)
        isPowerSaveMode = try r("isPowerSaveMode", default: false)
        locationPowerSaveMode = try r("locationPowerSaveMode", default: .unknownLocationPowerSaveMode)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("batteryInfo", batteryInfo)
        try w.put("isInteractive", isInteractive)
        try w.put("isPowerSaveMode", isPowerSaveMode)
        try w.put("locationPowerSaveMode", locationPowerSaveMode)
    }
}

/// How Android throttles location when the battery saver is on.
public enum LocationPowerSaveMode: Int32, ProtoEnum {
    case unknownLocationPowerSaveMode = 0
    case locationModeNoChange = 1
    case locationModeGpsDisabledWhenScreenOff = 2
    case locationModeAllDisabledWhenScreenOff = 3
    case locationModeForegroundOnly = 4
    case locationModeThrottleRequestsWhenScreenOff = 5

    public var protoName: String {
        switch self {
        case .unknownLocationPowerSaveMode: "UNKNOWN_LOCATION_POWER_SAVE_MODE"
        case .locationModeNoChange: "LOCATION_MODE_NO_CHANGE"
        case .locationModeGpsDisabledWhenScreenOff: "LOCATION_MODE_GPS_DISABLED_WHEN_SCREEN_OFF"
        case .locationModeAllDisabledWhenScreenOff: "LOCATION_MODE_ALL_DISABLED_WHEN_SCREEN_OFF"
        case .locationModeForegroundOnly: "LOCATION_MODE_FOREGROUND_ONLY"
        case .locationModeThrottleRequestsWhenScreenOff: "LOCATION_MODE_THROTTLE_REQUESTS_WHEN_SCREEN_OFF"
        }
    }

    /// Cloud Logging spells these `LOCATION_POWER_SAVE_MODE_LOG_…`.
    public static let protoAliases: [String: LocationPowerSaveMode] = Dictionary(
        uniqueKeysWithValues: allCases.dropFirst().map {
            ("LOCATION_POWER_SAVE_MODE_LOG_" + $0.protoName.dropFirst("LOCATION_MODE_".count), $0)
        })
}

/// Battery level and charging state of the driver's phone.
public struct BatteryInfo: ProtoMessage, Hashable, Sendable {
    public var batteryStatus: BatteryStatus
    public var powerSource: PowerSource
    public var batteryPercentage: Float

    public init(
        batteryStatus: BatteryStatus = .unknownBatteryStatus, powerSource: PowerSource = .unknownPowerSource,
        batteryPercentage: Float = 0
    ) {
        self.batteryStatus = batteryStatus
        self.powerSource = powerSource
        self.batteryPercentage = batteryPercentage
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        batteryPercentage = try r("batteryPercentage", default: 0)
        batteryStatus = try r("batteryStatus", default: .unknownBatteryStatus)
        powerSource = try r("powerSource", default: .unknownPowerSource)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("batteryPercentage", batteryPercentage)
        try w.put("batteryStatus", batteryStatus)
        try w.put("powerSource", powerSource)
    }
}

public enum BatteryStatus: Int32, ProtoEnum {
    case unknownBatteryStatus = 0
    case batteryStatusCharging = 1
    case batteryStatusDischarging = 2
    case batteryStatusFull = 3
    case batteryStatusNotCharging = 4
    case batteryStatusPowerLow = 5

    public var protoName: String {
        switch self {
        case .unknownBatteryStatus: "UNKNOWN_BATTERY_STATUS"
        case .batteryStatusCharging: "BATTERY_STATUS_CHARGING"
        case .batteryStatusDischarging: "BATTERY_STATUS_DISCHARGING"
        case .batteryStatusFull: "BATTERY_STATUS_FULL"
        case .batteryStatusNotCharging: "BATTERY_STATUS_NOT_CHARGING"
        case .batteryStatusPowerLow: "BATTERY_STATUS_POWER_LOW"
        }
    }

    /// Cloud Logging spells these `BATTERY_STATUS_LOG_…`.
    public static let protoAliases: [String: BatteryStatus] = Dictionary(
        uniqueKeysWithValues: allCases.dropFirst().map {
            ("BATTERY_STATUS_LOG_" + $0.protoName.dropFirst("BATTERY_STATUS_".count), $0)
        })
}

public enum PowerSource: Int32, ProtoEnum {
    case unknownPowerSource = 0
    case powerSourceAc = 1
    case powerSourceUsb = 2
    case powerSourceWireless = 3
    case powerSourceUnplugged = 4

    public var protoName: String {
        switch self {
        case .unknownPowerSource: "UNKNOWN_POWER_SOURCE"
        case .powerSourceAc: "POWER_SOURCE_AC"
        case .powerSourceUsb: "POWER_SOURCE_USB"
        case .powerSourceWireless: "POWER_SOURCE_WIRELESS"
        case .powerSourceUnplugged: "POWER_SOURCE_UNPLUGGED"
        }
    }

    /// Cloud Logging spells these `POWER_SOURCE_LOG_…`.
    public static let protoAliases: [String: PowerSource] = Dictionary(
        uniqueKeysWithValues: allCases.dropFirst().map {
            ("POWER_SOURCE_LOG_" + $0.protoName.dropFirst("POWER_SOURCE_".count), $0)
        })
}
