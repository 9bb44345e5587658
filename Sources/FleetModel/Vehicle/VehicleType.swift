/// The kind of vehicle (`maps.fleetengine.v1.Vehicle.VehicleType`).
public struct VehicleType: ProtoMessage, Hashable, Sendable {
    public var category: Category

    public enum Category: Int32, ProtoEnum {
        case unknown = 0
        case auto = 1
        case taxi = 2
        case truck = 3
        case twoWheeler = 4
        case bicycle = 5
        case pedestrian = 6

        public var protoName: String {
            switch self {
            case .unknown: "UNKNOWN"
            case .auto: "AUTO"
            case .taxi: "TAXI"
            case .truck: "TRUCK"
            case .twoWheeler: "TWO_WHEELER"
            case .bicycle: "BICYCLE"
            case .pedestrian: "PEDESTRIAN"
            }
        }
    }

    public init(category: Category) { self.category = category }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        category = try r("category", default: .unknown)
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("category", category)
    }
}
