import ArgumentParser
import CommandProfiles
import Foundation

/// The profile step between the command line and the parser: the chosen profile's settings become arguments of the
/// command (``ProfileApplication``), so each option keeps its one declaration, in its command. Commands take part by
/// taking `--profile` (``ProfileOptions``); `config` reports on profiles itself.
struct ProfileLayer {
    /// What the parser is given.
    private(set) var arguments: [String]
    private(set) var application: ProfileApplication?

    /// The command line (without the program's name) with the profile applied. Throws a ``ConfigError`` for a bad
    /// config file or a missing profile. A command line asking for help is left alone, so help works whatever the
    /// file holds; and without a file nor a profile asked for, nothing is read.
    init(arguments: [String], environment: [String: String]) throws {
        self.arguments = arguments
        application = nil
        let helpFlags: Set = ["-h", "--help", "--version", "--experimental-dump-help"]
        guard let name = arguments.first, let command = Self.command(named: name),
            name != ConfigCommand.configuration.commandName,
            !arguments.prefix(while: { $0 != "--" }).contains(where: helpFlags.contains)
        else { return }
        let path = ConfigFile.defaultPath(environment: environment)
        let file = try ConfigFile.load(path: path, catalogue: .tripterm)
        let flag = "--\(ProfileChoice.optionName)"
        let asked = arguments.contains { $0 == flag || $0.hasPrefix(flag + "=") }
        guard file != nil || asked || environment[ProfileChoice.environmentVariable]?.isEmpty == false else { return }
        let options = try Self.options(of: command)
        guard options.options[ProfileChoice.optionName] != nil else { return }
        // Every profile against every command that takes its keys, not only this one's: a bad file stops all.
        try file?.check(against: try Self.profileAwareCommands())
        let application = try ProfileApplication(
            arguments: Array(arguments.dropFirst()), command: options, catalogue: .tripterm, path: path, file: file,
            environment: environment)
        self.arguments = [name] + application.arguments
        self.application = application
    }

    /// The error to report for `error`, which the command threw: when its message names an option the profile set,
    /// the same message led by the setting's `file:line`, since the user typed no such option; else nil.
    func profiledMessage(for error: any Error) -> String? {
        application.flatMap { Self.profiledMessage(for: error, by: Tripterm.self, in: $0) }
    }

    /// `command`'s message for `error`, led by the line of the profile's setting it names; nil when it names none.
    static func profiledMessage(
        for error: any Error, by command: any ParsableCommand.Type, in application: ProfileApplication
    ) -> String? {
        guard command.exitCode(for: error) != .success else { return nil }
        let message = command.message(for: error)
        return application.origin(ofFailure: message).map { "\($0): \(message)" }
    }

    static func command(named name: String) -> (any ParsableCommand.Type)? {
        Tripterm.configuration.subcommands.first { $0.configuration.commandName == name }
    }

    /// A command's options as declared, read from the parser's help dump.
    static func options(of command: any ParsableCommand.Type) throws -> CommandOptions {
        try CommandOptions(dump: command._dumpHelp())
    }

    /// Every command that takes `--profile`, with its options.
    static func profileAwareCommands() throws -> [CommandOptions] {
        try Tripterm.configuration.subcommands.map(options(of:)).filter {
            $0.options[ProfileChoice.optionName] != nil && $0.command != ConfigCommand.configuration.commandName
        }
    }
}
