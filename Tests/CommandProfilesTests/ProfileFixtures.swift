import CommandProfiles

/// A catalogue and commands shaped like tripterm's, so the tests read as its users' files do.
enum ProfileFixtures {
    static let catalogue = ProfileCatalogue(
        keys: [
            "backend", "provider", "token", "token-file", "token-command", "token-url", "interval", "marker", "ascii",
            "no-color", "vehicle-type", "map", "no-map",
        ],
        groups: [
            SettingGroup(
                keys: ["token", "token-file", "token-command", "token-url"],
                environment: EnvironmentSetting(variable: "TRIPTERM_TOKEN", key: "token")),
            SettingGroup(keys: ["map", "no-map"]),
            SettingGroup(keys: ["no-color"], environment: EnvironmentSetting(variable: "NO_COLOR", key: "no-color")),
        ],
        secretKeys: ["token"])

    static let rider = CommandOptions(
        command: "rider",
        options: [
            OptionDeclaration(name: "trip", takesValue: true),
            OptionDeclaration(name: "backend", takesValue: true, defaultValue: "http://127.0.0.1:8787"),
            OptionDeclaration(name: "interval", takesValue: true, defaultValue: "5.0", help: "Seconds between polls."),
            OptionDeclaration(name: "token", takesValue: true),
            OptionDeclaration(name: "token-file", takesValue: true),
            OptionDeclaration(name: "token-command", takesValue: true),
            OptionDeclaration(name: "token-url", takesValue: true),
            OptionDeclaration(
                name: "marker", takesValue: true, defaultValue: "braille", allowedValues: ["braille", "half", "ascii"]),
            OptionDeclaration(name: "ascii", takesValue: false),
            OptionDeclaration(name: "no-color", takesValue: false),
            OptionDeclaration(name: "map", takesValue: true),
            OptionDeclaration(name: "no-map", takesValue: false),
            OptionDeclaration(name: "profile", takesValue: true),
        ])

    static let fleet = CommandOptions(
        command: "fleet",
        options: [
            OptionDeclaration(name: "provider", takesValue: true),
            OptionDeclaration(name: "backend", takesValue: true, defaultValue: "http://127.0.0.1:8787"),
            OptionDeclaration(name: "interval", takesValue: true, defaultValue: "5.0"),
            OptionDeclaration(name: "vehicle-type", takesValue: true, isRepeating: true),
            OptionDeclaration(name: "profile", takesValue: true),
        ])

    static let driver = CommandOptions(
        command: "driver",
        options: [
            OptionDeclaration(name: "backend", takesValue: true, defaultValue: "http://127.0.0.1:8787"),
            OptionDeclaration(name: "interval", takesValue: true, defaultValue: "10.0"),
            OptionDeclaration(name: "profile", takesValue: true),
        ])

    static func file(_ text: String) throws -> ConfigFile {
        try ConfigFile(text: text, path: "config.toml", catalogue: catalogue)
    }

    /// The error `body` throws, as a ConfigError.
    static func configError(_ body: () throws -> Void) -> ConfigError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    static func apply(
        _ arguments: [String], to command: CommandOptions = rider, file text: String?,
        environment: [String: String] = [:]
    ) throws -> ProfileApplication {
        try ProfileApplication(
            arguments: arguments, command: command, catalogue: catalogue, path: "config.toml",
            file: try text.map(file), environment: environment)
    }
}

extension ProfileApplication {
    /// The setting of `key`: its value and origin.
    func setting(_ key: String) -> EffectiveSetting? { settings.first { $0.key == key } }
}
