/// Why an input file cannot be used, said the way compilers say it — `trip.jsonl:12:5: expected …` — so a person can
/// go straight to the problem. Every reader of outside files (trip files, log exports, GPX, GeoJSON) throws this.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// 1-based line, when the problem is on one.
    public var line: Int?
    /// 1-based column (in UTF-8 bytes), when known.
    public var column: Int?
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}

/// A problem that did not stop reading (a torn last line, a skipped entry), for the caller to show.
public struct InputWarning: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String

    public init(path: String, line: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): warning: \(message)" }
}
