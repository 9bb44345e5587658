import Foundation
import TOMLKit

/// The config file: named profiles of settings (`[profiles.NAME]`) and the one used when none is asked for
/// (`default-profile`). Loading checks the whole file — its TOML, its top-level keys, every profile's key names —
/// and reports the first problem by its line, so a bad file stops a command before anything starts.
public struct ConfigFile: Equatable, Sendable {
    public static let defaultProfileKey = "default-profile"
    public static let profilesKey = "profiles"

    public var path: String
    public var defaultProfile: DefaultProfile?
    public var profiles: [String: Profile]

    /// `default-profile = "NAME"` and its line.
    public struct DefaultProfile: Equatable, Sendable {
        public var name: String
        public var line: Int?

        public init(name: String, line: Int?) {
            self.name = name
            self.line = line
        }
    }

    /// `$XDG_CONFIG_HOME/tripterm/config.toml`, else `~/.config/tripterm/config.toml` (the XDG base directories;
    /// a relative `XDG_CONFIG_HOME` is ignored, as the specification says).
    public static func defaultPath(environment: [String: String]) -> String {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("tripterm/config.toml").path
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/tripterm/config.toml").path
    }

    /// The file at `path`, or nil when there is none. Throws a ``ConfigError``.
    public static func load(path: String, catalogue: ProfileCatalogue) throws -> ConfigFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try ConfigFile(text: TOMLDocument.text(atPath: path), path: path, catalogue: catalogue)
    }

    /// Parses `text`, the file at `path` (named in errors). Throws a ``ConfigError``.
    public init(text: String, path: String, catalogue: ProfileCatalogue) throws {
        self.path = path
        let parsed = try TOMLDocument(text: text, path: path)
        let lines = parsed.lines
        var problems: [ConfigError] = []
        var profiles: [String: Profile] = [:]
        for (key, value) in parsed.table {
            let line = lines.line(of: [key])
            do {
                switch key {
                case Self.defaultProfileKey:
                    guard let name = value.string else {
                        throw ConfigError(
                            path: path, line: line,
                            problem: "\(key) must be a profile's name in quotes, not \(SettingValue.describe(value))")
                    }
                    defaultProfile = DefaultProfile(name: name, line: line)
                case Self.profilesKey:
                    guard let table = value.table else {
                        throw ConfigError(
                            path: path, line: line,
                            problem: "\(key) must hold [profiles.NAME] tables, not \(SettingValue.describe(value))")
                    }
                    for (name, entry) in table {
                        do {
                            profiles[name] = try Profile(
                                name: name, value: entry, lines: lines, path: path, catalogue: catalogue)
                        } catch let error as ConfigError {
                            problems.append(error)
                        }
                    }
                default:
                    let known = [Self.defaultProfileKey, Self.profilesKey]
                    let hint =
                        catalogue.keys.contains(key)
                        ? ": options go in a [profiles.NAME] table"
                        : suggestion(for: key, among: known)
                    throw ConfigError(path: path, line: line, problem: "unknown key '\(key)'\(hint)")
                }
            } catch let error as ConfigError {
                problems.append(error)
            }
        }
        if let defaultProfile, profiles[defaultProfile.name] == nil, problems.isEmpty {
            problems.append(
                ConfigError(
                    path: path, line: defaultProfile.line,
                    problem: Self.missing(defaultProfile.name, among: Array(profiles.keys))))
        }
        if let first = TOMLDocument.first(of: problems) { throw first }
        self.profiles = profiles
    }

    /// The profile `choice` names. Throws a ``ConfigError`` when the file has no such profile.
    public func profile(_ choice: ProfileChoice) throws -> Profile {
        if let profile = profiles[choice.name] { return profile }
        let line: Int? =
            switch choice.source {
            case .configFile: defaultProfile?.line
            case .commandLine, .environment: nil
            }
        throw ConfigError(
            path: path, line: line,
            problem: "\(Self.missing(choice.name, among: Array(profiles.keys))) (asked for by \(choice.source))")
    }

    /// Checks every profile's settings against every command that takes them (a flag given a value, a choice that
    /// is not one, a list where one value goes), the first problem by line. Throws a ``ConfigError``.
    public func check(against commands: [CommandOptions]) throws {
        let settings = profiles.values.flatMap { profile in profile.settings.map { ($0.key, $0.value) } }
        for (key, setting) in settings.sorted(by: { ($0.1.line ?? 0) < ($1.1.line ?? 0) }) {
            for command in commands {
                guard let option = command.options[key] else { continue }
                _ = try setting.arguments(for: option, path: path)
            }
        }
    }

    private static func missing(_ name: String, among names: [String]) -> String {
        let have = names.isEmpty ? "the file has none" : "the file has \(names.sorted().joined(separator: ", "))"
        return "no profile '\(name)' ([profiles.\(name)]): \(have)\(suggestion(for: name, among: names))"
    }
}
