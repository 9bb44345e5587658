import ArgumentParser
import CommandProfiles
import Foundation

/// `tripterm config`: the settings a command runs with and where each comes from; `--init` writes an example file.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the settings commands run with and where each comes from; --init writes an example file.",
        discussion: """
            The config file ($XDG_CONFIG_HOME/tripterm/config.toml, else ~/.config/tripterm/config.toml) holds \
            profiles: [profiles.NAME] tables of the options the commands share — \
            \(ProfileCatalogue.tripterm.keys.joined(separator: ", ")) — each spelt as its option, a switch as true \
            or false. --profile NAME picks one, else TRIPTERM_PROFILE, else the file's default-profile. \
            An option on the command line wins over the profile, TRIPTERM_TOKEN and NO_COLOR over the profile's \
            token and colours, and the profile over the defaults. A bad file (TOML syntax, an unknown key, a value \
            of the wrong type) stops every command with its file:line. Without a command, this lists what every \
            command would take; with one (tripterm config rider --trip …), what that command line would run with.
            """
    )

    @Flag(name: .customLong("init"), help: "Write a commented example config file; an existing one is never replaced.")
    var writeExample = false

    @OptionGroup
    var profileOptions: ProfileOptions

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("A command line to show the settings of (rider --trip …).", valueName: "command"))
    var commandLine: [String] = []

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = ConfigFile.defaultPath(environment: environment)
        if writeExample {
            try ConfigExample.write(to: path)
            print("wrote \(path)")
            return
        }
        do {
            try show(path: path, environment: environment)
        } catch let error as ConfigError {
            throw CommandFailure("\(error)")
        }
    }

    private func show(path: String, environment: [String: String]) throws {
        let file = try ConfigFile.load(path: path, catalogue: .tripterm)
        let commands = try ProfileLayer.profileAwareCommands()
        let declared = Set(commands.flatMap(\.options.keys))
        if let stray = ProfileCatalogue.tripterm.keys.first(where: { !declared.contains($0) }) {
            throw CommandFailure("the profile key '\(stray)' is an option of no command")
        }
        try file?.check(against: commands)
        let profileArguments = profileOptions.profile.map { ["--\(ProfileChoice.optionName)", $0] } ?? []
        var shown = commands.map { ($0, profileArguments) }
        if let name = commandLine.first {
            guard let options = commands.first(where: { $0.command == name }) else {
                let names = commands.map(\.command).joined(separator: ", ")
                throw CommandFailure("'\(name)' takes no profile settings; the commands that do: \(names)")
            }
            shown = [(options, profileArguments + Array(commandLine.dropFirst()))]
        }
        let applications = try shown.map { options, arguments in
            let application = try ProfileApplication(
                arguments: arguments, command: options, catalogue: .tripterm, path: path, file: file,
                environment: environment)
            return (command: options.command, application: application)
        }
        // A value only the command can judge (`interval = "fast"`): parsed as the command parses it. Other failures
        // (a required option this command line lacks) are not the file's.
        for (command, application) in applications {
            guard let type = ProfileLayer.command(named: command) else { continue }
            do {
                _ = try type.parseAsRoot(application.arguments)
            } catch {
                if let message = ProfileLayer.profiledMessage(for: error, by: type, in: application) {
                    throw CommandFailure(message)
                }
            }
        }
        print("config file: \(path)" + (file == nil ? " (none; tripterm config --init writes an example)" : ""))
        let choice = applications.first?.application.profile
        print("profile:     " + (choice.map { "\($0.name) (from \($0.source))" } ?? "none"))
        print("")
        print(SettingsTable(applications, order: ProfileCatalogue.tripterm.keys).text)
    }
}
