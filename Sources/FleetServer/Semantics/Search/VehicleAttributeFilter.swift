import FleetModel

/// The part of AIP-160 that Fleet Engine accepts in ListVehicles' and SearchVehicles' `filter`: restrictions on
/// vehicle attributes, `attributes.KEY OP "value"`, joined by `AND`, `OR`, `NOT` (or `-`) and parentheses.
///
/// Fleet Engine stores attributes as strings and compares them as strings, so values must be quoted
/// (`attributes.seats = "4"`); an unquoted number or `true`/`false` is refused with a hint rather than silently
/// never matching. As in AIP-160, `OR` binds tighter than `AND` (`a AND b OR c` is `a AND (b OR c)`), keywords are
/// upper case, and a filter holds at most 50 restrictions.
public struct VehicleAttributeFilter: Hashable, Sendable {
    /// Fleet Engine's documented limit on restrictions in one filter.
    public static let maximumRestrictions = 50

    public enum Comparator: String, Hashable, Sendable, CaseIterable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case greater = ">"
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
    }

    /// A parsed filter.
    public indirect enum Expression: Hashable, Sendable {
        case restriction(key: String, comparator: Comparator, value: String)
        case and(Expression, Expression)
        case or(Expression, Expression)
        case not(Expression)
    }

    public let expression: Expression
    /// The filter as written.
    public let text: String

    /// Parses `text`; errors are INVALID_ARGUMENT naming the 1-based character position and what was expected.
    public init(parsing text: String) throws(FleetError) {
        var parser = VehicleFilterParser(text)
        expression = try parser.parse()
        self.text = text
    }

    /// Whether a vehicle with these attributes passes the filter.
    public func matches(_ attributes: [VehicleAttribute]) -> Bool { Self.evaluate(expression, attributes) }

    static func evaluate(_ expression: Expression, _ attributes: [VehicleAttribute]) -> Bool {
        switch expression {
        case .restriction(let key, let comparator, let value):
            // A vehicle without the attribute satisfies no comparison (not even `!=`); `NOT` inverts that.
            guard let attribute = attributes.first(where: { $0.key == key }) else { return false }
            let actual = attribute.stringValue
            switch comparator {
            case .equal: return actual == value
            case .notEqual: return actual != value
            case .less: return actual < value
            case .greater: return actual > value
            case .lessOrEqual: return actual <= value
            case .greaterOrEqual: return actual >= value
            }
        case .and(let a, let b): return evaluate(a, attributes) && evaluate(b, attributes)
        case .or(let a, let b): return evaluate(a, attributes) || evaluate(b, attributes)
        case .not(let a): return !evaluate(a, attributes)
        }
    }
}

extension VehicleAttribute {
    /// The value as the string Fleet Engine compares: the typed value when set, else the legacy `value`.
    var stringValue: String {
        switch vehicleAttributeValue {
        case .stringValue(let s): s
        case .boolValue(let b): b ? "true" : "false"
        case .numberValue(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case nil: value
        }
    }
}
