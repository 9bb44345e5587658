import FleetModel

/// Reads the time of a track point: RFC 3339 as ``ProtoTimestamp`` reads it, and also without a UTC offset, which
/// GPX allows and defines as UTC ("not local time", in the GPX 1.1 schema) and some loggers write.
public enum TrackTime {
    public static func parse(_ text: String) throws(ProtoValueError) -> ProtoTimestamp {
        do {
            return try ProtoTimestamp(rfc3339: text)
        } catch {
            let last = text.last
            guard last != "Z", last != "z", let zoneless = try? ProtoTimestamp(rfc3339: text + "Z") else { throw error }
            return zoneless
        }
    }
}
