extension LatLng {
    /// Routes are arrays of thousands of these: a source that can read `{"latitude":…,"longitude":…}` as written
    /// by pattern does so (``ProtoValueSource/latLng()``), any other spelling goes field by field.
    public init<V: ProtoValueSource>(protoValue value: V) throws {
        if let point = value.latLng() {
            self = point
            return
        }
        guard let fields = value.fields() else { throw ProtoDirectDecodingMiss() }
        try self.init(fields: fields)
    }
}
