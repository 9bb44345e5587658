extension LatLng: ProtoMessage {
    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<V: ProtoValueSource>(protoValue value: V) throws {
        if let point = value.latLng() {
            self = point
            return
        }
        guard let fields = value.fields() else { throw ProtoDirectDecodingMiss() }
        try self.init(fields: fields)
    }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        self.init(latitude: try r("latitude", default: 0), longitude: try r("longitude", default: 0))
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("latitude", latitude)
        try w.put("longitude", longitude)
    }
}
