/// Which subset of trip fields GetTrip returns (`maps.fleetengine.v1.TripView`).
public enum TripView: Int32, ProtoEnum {
    /// Fleet Engine treats it as `sdk`.
    case tripViewUnspecified = 0
    case sdk = 1
    /// Server-to-server journey sharing, the view a rider's backend asks for.
    case journeySharingV1S = 2

    public var protoName: String {
        switch self {
        case .tripViewUnspecified: "TRIP_VIEW_UNSPECIFIED"
        case .sdk: "SDK"
        case .journeySharingV1S: "JOURNEY_SHARING_V1S"
        }
    }
}
