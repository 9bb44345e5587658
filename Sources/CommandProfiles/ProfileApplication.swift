/// A command line with a profile applied, and where each setting comes from.
///
/// Precedence, highest first: an option on the command line; the environment variable that stands for a setting
/// (`TRIPTERM_TOKEN` for the token, `NO_COLOR`); the profile; the command's default. The profile's settings that
/// survive become ordinary arguments put before the user's own, so the command's parser checks and converts them
/// as it does typed ones, and nothing downstream knows profiles exist. A group's settings stand or fall together:
/// `--token-command` on the command line leaves out the profile's `token-url` rather than adding a second source.
public struct ProfileApplication: Equatable, Sendable {
    /// The command's arguments (without its name), the profile's first.
    public var arguments: [String]
    /// Every catalogue key the command takes, in the catalogue's order.
    public var settings: [EffectiveSetting]
    public var profile: ProfileChoice?
    public var path: String
    /// The profile's settings that went into `arguments`.
    private var applied: [String: ProfileSetting] = [:]

    /// Applies the chosen profile of `file` (the config file at `path`, nil when there is none) to `arguments`,
    /// the command line of `command`. Throws a ``ConfigError`` when the profile is missing or a setting does not fit
    /// the command's declaration.
    public init(
        arguments: [String], command: CommandOptions, catalogue: ProfileCatalogue, path: String, file: ConfigFile?,
        environment: [String: String]
    ) throws {
        self.path = path
        let given = Self.given(in: arguments, options: command)
        let choice = ProfileChoice.choose(
            commandLine: given[ProfileChoice.optionName]?.last, environment: environment, file: file)
        profile = choice
        let chosen: Profile?
        switch (choice, file) {
        case (nil, _): chosen = nil
        case (let choice?, let file?): chosen = try file.profile(choice)
        case (let choice?, nil):
            throw ConfigError(
                path: path, line: nil,
                problem:
                    "does not exist, and \(choice.source) asks for its profile '\(choice.name)' (tripterm config --init writes an example)"
            )
        }
        var front: [String] = []
        settings = []
        for key in catalogue.keys {
            guard let option = command.options[key] else { continue }
            let group = catalogue.group(of: key)
            let variable = group.environment.flatMap { setting in
                (environment[setting.variable]?.isEmpty == false) ? setting : nil
            }
            let unset = option.defaultValue ?? (option.takesValue ? nil : "false")
            let value: String?
            let origin: SettingOrigin
            if let values = given[key] {
                (value, origin) = (values.joined(separator: ", "), .commandLine)
            } else if group.keys.contains(where: { given[$0] != nil }) {
                (value, origin) = (unset, .defaultValue)
            } else if let variable {
                let stands = variable.key == key
                value = stands ? (option.takesValue ? environment[variable.variable] : "true") : unset
                origin = stands ? .environment(variable.variable) : .defaultValue
            } else if let chosen, let setting = chosen.settings[key] {
                let extra = try setting.arguments(for: option, path: path)
                front += extra
                if !extra.isEmpty { applied[key] = setting }
                (value, origin) = (setting.value.text, .profile(chosen.name, line: setting.line))
            } else {
                (value, origin) = (unset, .defaultValue)
            }
            settings.append(EffectiveSetting(key, value, origin, secret: catalogue.secretKeys.contains(key)))
        }
        self.arguments = front + arguments
    }

    /// Where a failure the command reported comes from when its message names an option the profile set
    /// (`--interval`): `file:line: profile NAME, KEY` — to put before the message, since the user typed no such
    /// option. Nil when it names none.
    public func origin(ofFailure message: String) -> String? {
        let named = applied.filter { key, _ in Self.mentions(message, option: "--\(key)") }
        guard let (key, setting) = named.min(by: { ($0.value.line ?? 0) < ($1.value.line ?? 0) }),
            let profile
        else { return nil }
        let position = setting.line.map { "\(path):\($0)" } ?? path
        return "\(position): profile \(profile.name), \(key)"
    }

    /// Whether `message` names `option` itself, not a longer one it begins (`--token` in `--token-url`).
    private static func mentions(_ message: String, option: String) -> Bool {
        var rest = message[...]
        while let range = rest.range(of: option) {
            let next = rest[range.upperBound...].first
            if next.map({ !($0.isLetter || $0.isNumber || $0 == "-") }) ?? true { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// The named options `arguments` gives, by long name, with their values (a flag's is "true"), read as the
    /// parser reads them: `--name value`, `--name=value`, nothing after `--`.
    static func given(in arguments: [String], options: CommandOptions) -> [String: [String]] {
        var bySpelling: [String: OptionDeclaration] = [:]
        for option in options.options.values {
            for spelling in option.spellings { bySpelling[spelling] = option }
        }
        var given: [String: [String]] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { break }
            guard argument.hasPrefix("-") else { continue }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let option = bySpelling[parts[0]] else { continue }
            if !option.takesValue {
                given[option.name, default: []].append("true")
            } else if parts.count == 2 {
                given[option.name, default: []].append(parts[1])
            } else if index < arguments.count {
                given[option.name, default: []].append(arguments[index])
                index += 1
            }
        }
        return given
    }
}

/// One setting as a command runs with it.
public struct EffectiveSetting: Equatable, Sendable {
    public var key: String
    /// As given, or "(hidden)" for a secret; nil when unset.
    public var value: String?
    public var origin: SettingOrigin

    public init(key: String, value: String?, origin: SettingOrigin) {
        self.key = key
        self.value = value
        self.origin = origin
    }

    init(_ key: String, _ value: String?, _ origin: SettingOrigin, secret: Bool) {
        self.init(key: key, value: secret && value != nil ? "(hidden)" : value, origin: origin)
    }
}

/// Where a setting's value comes from.
public enum SettingOrigin: Equatable, Sendable, CustomStringConvertible {
    case commandLine
    case environment(String)
    case profile(String, line: Int?)
    case defaultValue

    public var description: String {
        switch self {
        case .commandLine: "flag"
        case .environment(let variable): "environment \(variable)"
        case .profile(let name, let line?): "profile \(name), line \(line)"
        case .profile(let name, nil): "profile \(name)"
        case .defaultValue: "default"
        }
    }
}
