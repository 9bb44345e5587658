import FleetModel

/// A recursive-descent parser for ``VehicleAttributeFilter`` (and ListTasks' ``TaskFilter``), following AIP-160's
/// grammar:
///
/// ```
/// expression  = factor { "AND" factor }
/// factor      = term { "OR" term }
/// term        = [ "NOT" | "-" ] simple
/// simple      = "(" expression ")" | restriction
/// restriction = "attributes" "." key comparator quoted-string
///             | field comparator ( quoted-string | word )
/// ```
///
/// `field` is one of the message's fields the caller allows (none for vehicles, whose filters name attributes only).
struct VehicleFilterParser {
    private let characters: [Character]
    private var position = 0
    private var restrictions = 0
    /// The fields besides `attributes` a restriction may name.
    private let fields: Set<String>

    init(_ text: String, fields: Set<String> = []) {
        characters = Array(text)
        self.fields = fields
    }

    mutating func parse() throws(FleetError) -> VehicleAttributeFilter.Expression {
        skipSpace()
        guard position < characters.count else {
            throw error("expected a restriction such as attributes.key = \"value\"")
        }
        let expression = try parseExpression()
        skipSpace()
        guard position == characters.count else { throw error("expected AND, OR or the end of the filter") }
        return expression
    }

    private mutating func parseExpression() throws(FleetError) -> VehicleAttributeFilter.Expression {
        var left = try parseFactor()
        while keyword("AND") { left = .and(left, try parseFactor()) }
        return left
    }

    private mutating func parseFactor() throws(FleetError) -> VehicleAttributeFilter.Expression {
        var left = try parseTerm()
        while keyword("OR") { left = .or(left, try parseTerm()) }
        return left
    }

    private mutating func parseTerm() throws(FleetError) -> VehicleAttributeFilter.Expression {
        skipSpace()
        if keyword("NOT") { return .not(try parseSimple()) }
        if peek == "-" {
            position += 1
            return .not(try parseSimple())
        }
        return try parseSimple()
    }

    private mutating func parseSimple() throws(FleetError) -> VehicleAttributeFilter.Expression {
        skipSpace()
        if peek == "(" {
            position += 1
            let inner = try parseExpression()
            skipSpace()
            guard peek == ")" else { throw error("expected ')' to close the '(' or AND/OR") }
            position += 1
            return inner
        }
        return try parseRestriction()
    }

    private mutating func parseRestriction() throws(FleetError) -> VehicleAttributeFilter.Expression {
        let start = position
        let field = word()
        if fields.contains(field) { return try parseFieldRestriction(field, start: start) }
        guard field == "attributes" else {
            position = start
            if field.isEmpty { throw error("expected a restriction such as attributes.key = \"value\"") }
            if fields.isEmpty {
                throw error("expected attributes.KEY: only vehicle attributes can be filtered on, not \"\(field)\"")
            }
            throw error(
                "\"\(field)\" cannot be filtered on; expected attributes.KEY or one of \(fields.sorted().joined(separator: ", "))"
            )
        }
        guard peek == "." else { throw error("expected '.' and an attribute key after \"attributes\"") }
        position += 1
        let key = word()
        guard !key.isEmpty else { throw error("expected an attribute key after \"attributes.\"") }
        skipSpace()
        guard let comparator = comparator() else {
            throw error("expected a comparator (=, !=, <, >, <=, >=) after attributes.\(key)")
        }
        skipSpace()
        let value = try quotedValue(after: comparator)
        try count(from: start)
        return .restriction(key: key, comparator: comparator, value: value)
    }

    /// `field OP value`, the value quoted or a bare word (an enum name such as OPEN).
    private mutating func parseFieldRestriction(
        _ field: String, start: Int
    ) throws(FleetError) -> VehicleAttributeFilter.Expression {
        skipSpace()
        guard let comparator = comparator() else {
            throw error("expected a comparator (=, !=, <, >, <=, >=) after \(field)")
        }
        skipSpace()
        let value: String
        if let quote = peek, quote == "\"" || quote == "'" {
            value = try quotedValue(after: comparator)
        } else {
            value = word()
            if value.isEmpty { throw error("expected a value after '\(comparator.rawValue)'") }
        }
        try count(from: start)
        return .field(name: field, comparator: comparator, value: value)
    }

    private mutating func count(from start: Int) throws(FleetError) {
        restrictions += 1
        guard restrictions <= VehicleAttributeFilter.maximumRestrictions else {
            position = start
            throw error(
                "the filter has more than \(VehicleAttributeFilter.maximumRestrictions) restrictions, Fleet Engine's limit"
            )
        }
    }

    private mutating func comparator() -> VehicleAttributeFilter.Comparator? {
        for text in ["!=", "<=", ">=", "=", "<", ">"] where matches(text) {
            position += text.count
            return VehicleAttributeFilter.Comparator(rawValue: text)
        }
        return nil
    }

    private mutating func quotedValue(
        after comparator: VehicleAttributeFilter.Comparator
    ) throws(FleetError) -> String {
        guard let quote = peek, quote == "\"" || quote == "'" else {
            let bare = word()
            if bare.isEmpty { throw error("expected a quoted string value after '\(comparator.rawValue)'") }
            position -= bare.count
            throw error(
                "expected a quoted string value, found \(bare): attributes are compared as strings, so write \"\(bare)\""
            )
        }
        let open = position
        position += 1
        var value = ""
        while position < characters.count {
            let c = characters[position]
            position += 1
            if c == quote { return value }
            if c == "\\" {
                guard position < characters.count else { break }
                value.append(characters[position])
                position += 1
            } else {
                value.append(c)
            }
        }
        position = open
        throw error("the string opened here is not closed")
    }

    /// A run of key characters: letters, digits, `_` and `-` (attribute keys may hold anything but `:`; these are
    /// the ones that need no quoting).
    private mutating func word() -> String {
        var text = ""
        while let c = peek, c.isLetter || c.isNumber || c == "_" || c == "-" {
            text.append(c)
            position += 1
        }
        return text
    }

    /// Consumes `name` when it stands as a whole word here (after spaces).
    private mutating func keyword(_ name: String) -> Bool {
        skipSpace()
        guard matches(name) else { return false }
        let end = position + name.count
        if end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" {
            return false
        }
        position = end
        return true
    }

    private func matches(_ text: String) -> Bool {
        var i = position
        for c in text {
            guard i < characters.count, characters[i] == c else { return false }
            i += 1
        }
        return true
    }

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    private mutating func skipSpace() {
        while let c = peek, c.isWhitespace { position += 1 }
    }

    private func error(_ expected: String) -> FleetError {
        let found = position < characters.count ? "'\(characters[position])'" : "the end of the filter"
        return .invalidArgument("filter: at position \(position + 1) (\(found)): \(expected)")
    }
}
