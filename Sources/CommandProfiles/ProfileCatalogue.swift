/// What a profile may set: the options the commands share, by their long names, and which of them stand in for one
/// another. The names are the commands' own (``CommandOptions``); the catalogue only says which may come from a file.
public struct ProfileCatalogue: Sendable {
    public var keys: [String]
    public var groups: [SettingGroup]
    /// Keys whose values are never printed (a token).
    public var secretKeys: Set<String>

    public init(keys: [String], groups: [SettingGroup] = [], secretKeys: Set<String> = []) {
        self.keys = keys
        self.groups = groups
        self.secretKeys = secretKeys
    }

    /// The group `key` belongs to; a key of none is a group of its own.
    func group(of key: String) -> SettingGroup {
        groups.first { $0.keys.contains(key) } ?? SettingGroup(keys: [key])
    }
}

/// Settings of which one applies, such as the token's sources: when the command line names any of them, or the
/// environment variable that stands for them is set, none of the profile's is used, so the profile never adds a
/// second source the command would refuse, nor overrides what the user chose.
public struct SettingGroup: Sendable {
    public var keys: [String]
    public var environment: EnvironmentSetting?

    public init(keys: [String], environment: EnvironmentSetting? = nil) {
        self.keys = keys
        self.environment = environment
    }
}

/// An environment variable that acts as one of a group's settings (`TRIPTERM_TOKEN` as `token`, `NO_COLOR` as
/// `no-color`) when it is set and not empty.
public struct EnvironmentSetting: Sendable {
    public var variable: String
    public var key: String

    public init(variable: String, key: String) {
        self.variable = variable
        self.key = key
    }
}
