/// How GetTrip returns the route (`maps.fleetengine.v1.PolylineFormatType`).
public enum PolylineFormatType: Int32, ProtoEnum {
    case unknownFormatType = 0
    /// As a list of points in `Trip.route` (the default).
    case latLngListType = 1
    /// As an S2-encoded string in `Trip.currentRouteSegment`.
    case encodedPolylineType = 2

    public var protoName: String {
        switch self {
        case .unknownFormatType: "UNKNOWN_FORMAT_TYPE"
        case .latLngListType: "LAT_LNG_LIST_TYPE"
        case .encodedPolylineType: "ENCODED_POLYLINE_TYPE"
        }
    }
}
