import TOMLKit

/// One `[profiles.NAME]` table: settings by key, each with its line.
public struct Profile: Equatable, Sendable {
    public var name: String
    public var line: Int?
    public var settings: [String: ProfileSetting]

    public init(name: String, line: Int? = nil, settings: [String: ProfileSetting]) {
        self.name = name
        self.line = line
        self.settings = settings
    }

    /// Reads the table `value`, refusing keys the catalogue does not know and two sources of one group.
    init(
        name: String, value: any TOMLValueConvertible, lines: TOMLKeyLines, path: String, catalogue: ProfileCatalogue
    ) throws {
        let line = lines.line(of: [ConfigFile.profilesKey, name])
        guard let table = value.table else {
            throw ConfigError(
                path: path, line: line,
                problem: "profiles.\(name) must be a table of settings, not \(SettingValue.describe(value))")
        }
        var settings: [String: ProfileSetting] = [:]
        var problems: [ConfigError] = []
        for (key, entry) in table {
            let keyLine = lines.line(of: [ConfigFile.profilesKey, name, key])
            guard catalogue.keys.contains(key) else {
                problems.append(
                    ConfigError(
                        path: path, line: keyLine,
                        problem:
                            "unknown key '\(key)' in profile \(name)\(suggestion(for: key, among: catalogue.keys))"))
                continue
            }
            do {
                settings[key] = ProfileSetting(value: try SettingValue(entry), line: keyLine)
            } catch let problem as SettingValue.Unsupported {
                problems.append(ConfigError(path: path, line: keyLine, problem: "\(key): \(problem.description)"))
            }
        }
        if let first = problems.min(by: { ($0.line ?? 0) < ($1.line ?? 0) }) { throw first }
        self.init(name: name, line: line, settings: settings)
        try checkGroups(catalogue, path: path)
    }

    /// A profile names one source of a group at most (one token source): the command would refuse two.
    private func checkGroups(_ catalogue: ProfileCatalogue, path: String) throws {
        for group in catalogue.groups {
            let set = group.keys.filter { settings[$0]?.value.isActive == true }
            guard set.count > 1,
                let second = set.compactMap({ settings[$0] }).max(by: { ($0.line ?? 0) < ($1.line ?? 0) })
            else { continue }
            throw ConfigError(
                path: path, line: second.line,
                problem:
                    "profile \(name) sets \(set.joined(separator: " and ")): only one of \(group.keys.joined(separator: ", ")) applies"
            )
        }
    }
}

/// A setting's value and the line it is written on.
public struct ProfileSetting: Equatable, Sendable {
    public var value: SettingValue
    public var line: Int?

    public init(value: SettingValue, line: Int? = nil) {
        self.value = value
        self.line = line
    }

    /// The command-line arguments that give this setting to `option` (none for a flag set to false). Throws a
    /// ``ConfigError`` at the setting's line when the value does not fit the option's declaration.
    func arguments(for option: OptionDeclaration, path: String) throws -> [String] {
        let flag = "--\(option.name)"
        let problem: String
        switch (value, option.takesValue) {
        case (.flag(let on), false):
            return on ? [flag] : []
        case (.text(let text), true):
            if let allowed = option.allowedValues, !allowed.isEmpty, !allowed.contains(text) {
                problem =
                    "'\(text)' is not one of \(allowed.joined(separator: ", "))\(suggestion(for: text, among: allowed))"
            } else {
                return [flag, text]
            }
        case (.list(let items), true) where option.isRepeating:
            return items.flatMap { [flag, $0] }
        case (.list, true):
            problem = "takes one value, not a list"
        case (.flag, true):
            problem = "takes a value (\(option.help.isEmpty ? flag : option.help)), not true or false"
        case (.text, false), (.list, false):
            problem = "is a switch: write true or false, not \(value)"
        }
        throw ConfigError(path: path, line: line, problem: "\(option.name) \(problem)")
    }
}

/// What a TOML value can give an option: true or false for a flag, text for a value (numbers are written as TOML
/// writes them: `interval = 5`), a list for an option that may be repeated.
public enum SettingValue: Equatable, Sendable, CustomStringConvertible {
    case flag(Bool)
    case text(String)
    case list([String])

    /// A value no option takes (a table, a date, a list of tables), by what it is.
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    init(_ value: any TOMLValueConvertible) throws {
        if let bool = value.bool {
            self = .flag(bool)
        } else if let text = Self.scalar(value) {
            self = .text(text)
        } else if let array = value.array {
            var items: [String] = []
            for item in array {
                guard let text = Self.scalar(item) else {
                    throw Unsupported(
                        description: "a list holds strings or numbers, not \(Self.describe(item))")
                }
                items.append(text)
            }
            self = .list(items)
        } else {
            throw Unsupported(
                description: "expected a string, a number, true or false, or a list, not \(Self.describe(value))")
        }
    }

    /// A string's text, or a number as the file wrote it.
    private static func scalar(_ value: any TOMLValueConvertible) -> String? {
        if let string = value.string { return string }
        if let int = value.int { return String(int) }
        if let double = value.double { return double.description }
        return nil
    }

    /// What a TOML value is, for messages: "a table", "a date".
    static func describe(_ value: any TOMLValueConvertible) -> String {
        switch value.type {
        case .table: "a table"
        case .array: "a list"
        case .string: "a string"
        case .int: "an integer"
        case .double: "a number"
        case .bool: "true or false"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date and time"
        }
    }

    /// Whether it gives the command anything: a flag set to false does not.
    var isActive: Bool {
        if case .flag(let on) = self { return on }
        return true
    }

    /// The value as the command receives it: `true`, the text, the items joined with commas.
    var text: String {
        switch self {
        case .flag(let on): String(on)
        case .text(let text): text
        case .list(let items): items.joined(separator: ", ")
        }
    }

    /// As a person would write it in the file.
    public var description: String {
        switch self {
        case .flag(let on): on ? "true" : "false"
        case .text(let text): "\"\(text)\""
        case .list(let items): "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
    }
}
