/// A problem in the config file, told as `file:line: problem` (`file:line:column:` for a TOML syntax error, `file:`
/// alone when no line applies), so an editor can jump to it.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let column: Int?
    public let problem: String

    public init(path: String, line: Int?, column: Int? = nil, problem: String) {
        self.path = path
        self.line = line
        self.column = column
        self.problem = problem
    }

    public var description: String {
        let position = [line, line == nil ? nil : column].compactMap { $0 }.map { ":\($0)" }.joined()
        return "\(path)\(position): \(problem)"
    }
}
