/// Why a Fleet Engine resource name or id was rejected.
///
/// Raised by the resource names (``TripName``, ``VehicleName``, ``TaskName``…) before any request is made, so a typo is reported
/// locally with the expected format instead of as a terse server error. Callers map it to
/// gRPC `INVALID_ARGUMENT`.
public struct NameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which part of a name was wrong.
    public enum Field: String, Sendable {
        case tripName = "trip name"
        case vehicleName = "vehicle name"
        case tripID = "trip id"
        case vehicleID = "vehicle id"
        case providerID = "provider id"
        case deliveryVehicleName = "delivery vehicle name"
        case deliveryVehicleID = "delivery vehicle id"
        case taskName = "task name"
        case taskID = "task id"
        case taskTrackingInfoName = "task tracking info name"
        case trackingID = "tracking id"
    }

    /// The offending value: the whole name for a malformed name, or the bad id.
    public var input: String
    /// The field `input` was given for.
    public var field: Field
    /// What is wrong, e.g. `contains ':'` or `is not NFC-normalised`.
    public var reason: String
    /// The resource name format, e.g. `providers/{provider}/trips/{trip}`.
    public var expectedFormat: String
    /// The full name being parsed when the bad id came from one (`nil` otherwise).
    public var name: String?

    public init(
        input: String,
        field: Field,
        reason: String,
        expectedFormat: String,
        name: String? = nil
    ) {
        self.input = input
        self.field = field
        self.reason = reason
        self.expectedFormat = expectedFormat
        self.name = name
    }

    /// E.g. `invalid trip id "a:b" in "providers/p/trips/a:b": contains ':'
    /// (expected providers/{provider}/trips/{trip})`; always mentions the expected format.
    public var description: String {
        var text = "invalid \(field.rawValue) \(Self.quoted(input))"
        if let name, name != input { text += " in \(Self.quoted(name))" }
        text += ": \(reason)"
        if !reason.contains(expectedFormat) { text += " (expected \(expectedFormat))" }
        return text
    }

    /// Quotes `text`, escaping quotes, backslashes and non-printable scalars so that
    /// invisible problems (control characters, combining marks) show up in messages.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                let props = scalar.properties
                let visible =
                    scalar.value >= 0x20 && props.generalCategory != .control
                    && props.generalCategory != .format && !props.isDefaultIgnorableCodePoint
                    && props.canonicalCombiningClass == .notReordered
                result += visible ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return result + "\""
    }
}
