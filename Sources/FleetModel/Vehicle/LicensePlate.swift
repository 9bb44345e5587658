/// Enough of a licence plate to tell vehicles apart without identifying them (`maps.fleetengine.v1.LicensePlate`).
public struct LicensePlate: ProtoMessage, Hashable, Sendable {
    /// CLDR region code, required.
    public var countryCode: String
    /// The plate's last digit, or "-1" when it has none.
    public var lastCharacter: String

    public init(countryCode: String, lastCharacter: String = "") {
        self.countryCode = countryCode
        self.lastCharacter = lastCharacter
    }

    public init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    public init<F: ProtoFieldSource>(fields r: F) throws {
        countryCode = try r("countryCode", default: "")
        lastCharacter = try r("lastCharacter", default: "")
        try r.finish()
    }

    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("countryCode", countryCode)
        try w.put("lastCharacter", lastCharacter)
    }
}
