import Foundation

/// Validation of the id segments of Fleet Engine resource names.
///
/// Mirrors the rules of `CreateTripRequest.trip_id` / `CreateVehicleRequest.vehicle_id`:
/// 1–64 Unicode scalars, NFC-normalised, none of `/ : ? , #`. It additionally rejects control
/// characters and whitespace-only ids, which are never intended. Checking locally gives a
/// precise message instead of a server round trip ending in `INVALID_ARGUMENT`.
public enum ResourceID {
    /// Maximum length of a trip or vehicle id, in Unicode scalars.
    public static let maxLength = 64

    /// Characters Fleet Engine forbids in ids.
    public static let forbiddenCharacters: [Unicode.Scalar] = ["/", ":", "?", ",", "#"]
    private static let forbiddenBytes = forbiddenCharacters.map { UInt8($0.value) }

    /// Why `id` is not a valid trip or vehicle id, or `nil` if it is valid.
    public static func problem(withID id: String) -> String? {
        if let problem = commonProblem(id) { return problem }
        let length = id.unicodeScalars.count
        if length > maxLength { return "longer than \(maxLength) characters (\(length))" }
        return nil
    }

    /// Why `id` is not a valid provider id (a Google Cloud project id in practice), or `nil`.
    /// Same rules as ``problem(withID:)`` except the length limit.
    public static func problem(withProviderID id: String) -> String? {
        commonProblem(id)
    }

    /// The id of a resource name of any kind, `providers/{provider}/{collection}/{id}`: its last segment, unchecked
    /// (for names the server itself stored).
    public static func last(in name: String) -> String {
        String(name.split(ascii: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? "")
    }

    /// Whether `id` is a valid trip or vehicle id.
    public static func isValid(_ id: String) -> Bool { problem(withID: id) == nil }

    /// Whether `id` is in Unicode Normalization Form C. Compares scalars, not `String`s:
    /// `String ==` uses canonical equivalence and would call every string normalised.
    public static func isNFC(_ id: String) -> Bool {
        id.unicodeScalars.elementsEqual(id.precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    private static func commonProblem(_ id: String) -> String? {
        if id.isEmpty { return "is empty" }
        // The usual id, printable ASCII without a forbidden character, passes every check below at once (no control
        // character, not only whitespace, and ASCII is NFC) without Unicode property lookups or normalisation: each
        // request's path is checked this way, several times on a GetTrip.
        if id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !forbiddenBytes.contains($0) }) { return nil }
        if let scalar = id.unicodeScalars.first(where: { forbiddenCharacters.contains($0) }) {
            return "contains '\(scalar)'"
        }
        if let scalar = id.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return "contains a control character (U+\(hex(scalar)))"
        }
        if id.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            return "is only whitespace"
        }
        if !isNFC(id) { return "is not NFC-normalised" }
        return nil
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
