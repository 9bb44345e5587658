import ProtoJSONKit

extension LatLng {
    /// Routes are arrays of thousands of these: a source that can read `{"latitude":…,"longitude":…}` as written
    /// by pattern does so (``ProtoValueSource/numberPair(_:_:)``), any other spelling goes field by field.
    public init<V: ProtoValueSource>(protoValue value: V) throws {
        if let (latitude, longitude) = value.numberPair(#"{"latitude":"#, #","longitude":"#) {
            self.init(latitude: latitude, longitude: longitude)
            return
        }
        guard let fields = value.fields() else { throw ProtoDirectDecodingMiss() }
        try self.init(fields: fields)
    }
}
