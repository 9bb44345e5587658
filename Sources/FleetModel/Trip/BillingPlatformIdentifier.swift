/// `maps.fleetengine.v1.BillingPlatformIdentifier`: the platform a billable trip was reported from.
public enum BillingPlatformIdentifier: Int32, ProtoEnum {
    case billingPlatformIdentifierUnspecified = 0
    case server = 1
    case web = 2
    case android = 3
    case ios = 4
    case others = 5

    public var protoName: String {
        switch self {
        case .billingPlatformIdentifierUnspecified: "BILLING_PLATFORM_IDENTIFIER_UNSPECIFIED"
        case .server: "SERVER"
        case .web: "WEB"
        case .android: "ANDROID"
        case .ios: "IOS"
        case .others: "OTHERS"
        }
    }
}
