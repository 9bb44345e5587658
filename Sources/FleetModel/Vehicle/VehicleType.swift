/// The kind of vehicle (`maps.fleetengine.v1.Vehicle.VehicleType`).
public struct VehicleType: ProtoMessage, Hashable, Sendable {
    public var category: Category

    public enum Category: Int32, ProtoEnum {
        case unknown = 0, auto = 1, taxi = 2, truck = 3, twoWheeler = 4, bicycle = 5, pedestrian = 6

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

    public func encode(to encoder: any Encoder) throws {
        var w = ProtoWriter(encoder)
        try w.put("category", category)
    }
}
