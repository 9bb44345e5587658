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
        /// A restriction on one of the message's own fields (ListTasks' ``TaskFilter``; never in a vehicle's).
        case field(name: String, comparator: Comparator, value: String)
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
    public func matches(_ attributes: [VehicleAttribute]) -> Bool {
        Self.evaluate(expression, attribute: { key in attributes.first(where: { $0.key == key })?.stringValue })
    }

    /// The expression's truth, with `value` giving the string a restriction compares (an attribute's key, or
    /// `field` name), nil when the message has no such value.
    static func evaluate(_ expression: Expression, value: (_ key: String, _ field: Bool) -> String?) -> Bool {
        switch expression {
        case .restriction(let key, let comparator, let expected):
            // A message without the attribute satisfies no comparison (not even `!=`); `NOT` inverts that.
            guard let actual = value(key, false) else { return false }
            return comparator.holds(actual, expected)
        case .field(let name, let comparator, let expected):
            guard let actual = value(name, true) else { return false }
            return comparator.holds(actual, expected)
        case .and(let a, let b): return evaluate(a, value: value) && evaluate(b, value: value)
        case .or(let a, let b): return evaluate(a, value: value) || evaluate(b, value: value)
        case .not(let a): return !evaluate(a, value: value)
        }
    }

    static func evaluate(_ expression: Expression, attribute: (String) -> String?) -> Bool {
        evaluate(expression) { key, field in field ? nil : attribute(key) }
    }
}

extension VehicleAttributeFilter.Comparator {
    /// Whether `actual OP expected` holds, comparing strings.
    func holds(_ actual: String, _ expected: String) -> Bool {
        switch self {
        case .equal: actual == expected
        case .notEqual: actual != expected
        case .less: actual < expected
        case .greater: actual > expected
        case .lessOrEqual: actual <= expected
        case .greaterOrEqual: actual >= expected
        }
    }
}

extension VehicleAttribute {
    /// The value as the string Fleet Engine compares: the typed value when set, else the legacy `value`.
    var stringValue: String {
        switch vehicleAttributeValue {
        case .stringValue(let s): s
        case .boolValue(let b): VehicleAttributeFilter.text(of: b)
        case .numberValue(let n): VehicleAttributeFilter.text(of: n)
        case nil: value
        }
    }
}

extension VehicleAttributeFilter {
    /// A typed attribute's value as the string filters compare it with, for vehicles' and tasks' attributes alike:
    /// a whole number without its `.0`.
    static func text(of number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    static func text(of flag: Bool) -> String { flag ? "true" : "false" }
}
