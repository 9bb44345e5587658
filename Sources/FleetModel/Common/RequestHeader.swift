/// The `header` every Fleet Engine request carries (`maps.fleetengine.v1.RequestHeader`); in REST it travels as
/// `header.regionCode=US&header.languageCode=en-US` query parameters.
public struct RequestHeader: ProtoMessage, Hashable, Sendable {
    public var languageCode: String
    /// CLDR region, e.g. `US`. Required by Fleet Engine.
    public var regionCode: String
    public var sdkVersion: String
    public var osVersion: String
    public var deviceModel: String
    public var sdkType: SdkType
    public var mapsSdkVersion: String
    public var navSdkVersion: String
    public var platform: Platform
    public var manufacturer: String
    public var androidApiLevel: Int32
    public var traceId: String

    public enum SdkType: Int32, ProtoEnum {
        case sdkTypeUnspecified = 0
        case consumer = 1
        case driver = 2
        case javascript = 3

        public var protoName: String {
            switch self {
            case .sdkTypeUnspecified: "SDK_TYPE_UNSPECIFIED"
            case .consumer: "CONSUMER"
            case .driver: "DRIVER"
            case .javascript: "JAVASCRIPT"
            }
        }
    }

    public enum Platform: Int32, ProtoEnum {
        case platformUnspecified = 0
        case android = 1
        case ios = 2
        case web = 3

        public var protoName: String {
            switch self {
            case .platformUnspecified: "PLATFORM_UNSPECIFIED"
            case .android: "ANDROID"
            case .ios: "IOS"
            case .web: "WEB"
            }
        }
    }

    public init(languageCode: String = "", regionCode: String = "", sdkType: SdkType = .sdkTypeUnspecified) {
        self.languageCode = languageCode
        self.regionCode = regionCode
        self.sdkVersion = ""
        self.osVersion = ""
        self.deviceModel = ""
        self.sdkType = sdkType
        self.mapsSdkVersion = ""
        self.navSdkVersion = ""
        self.platform = .platformUnspecified
        self.manufacturer = ""
        self.androidApiLevel = 0
        self.traceId = ""
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        androidApiLevel = try r("androidApiLevel", default: 0)
        deviceModel = try r("deviceModel", default: "")
        languageCode = try r("languageCode", default: "")
        manufacturer = try r("manufacturer", default: "")
        mapsSdkVersion = try r("mapsSdkVersion", default: "")
        navSdkVersion = try r("navSdkVersion", default: "")
        osVersion = try r("osVersion", default: "")
        platform = try r("platform", default: .platformUnspecified)
        regionCode = try r("regionCode", default: "")
        sdkType = try r("sdkType", default: .sdkTypeUnspecified)
        sdkVersion = try r("sdkVersion", default: "")
        traceId = try r("traceId", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("androidApiLevel", androidApiLevel)
        try w.put("deviceModel", deviceModel)
        try w.put("languageCode", languageCode)
        try w.put("manufacturer", manufacturer)
        try w.put("mapsSdkVersion", mapsSdkVersion)
        try w.put("navSdkVersion", navSdkVersion)
        try w.put("osVersion", osVersion)
        try w.put("platform", platform)
        try w.put("regionCode", regionCode)
        try w.put("sdkType", sdkType)
        try w.put("sdkVersion", sdkVersion)
        try w.put("traceId", traceId)
    }
}
