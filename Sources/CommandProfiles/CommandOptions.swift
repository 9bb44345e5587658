import Foundation

/// A command's named options as its parser declares them, read from swift-argument-parser's help dump
/// (`_dumpHelp()`, the JSON behind `--experimental-dump-help`).
///
/// Reading the declarations instead of listing the options again keeps each option's name, kind (a flag or an
/// option with a value), default, allowed values and help in one place: the command's `@Option` or `@Flag`.
public struct CommandOptions: Equatable, Sendable {
    public var command: String
    /// By long name (`backend`, `no-color`).
    public var options: [String: OptionDeclaration]

    public init(command: String, options: [OptionDeclaration]) {
        self.command = command
        self.options = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The options of the command `dump` describes (its own, not its subcommands').
    public init(dump: String) throws {
        let tool = try JSONDecoder().decode(DumpedTool.self, from: Data(dump.utf8))
        var options: [OptionDeclaration] = []
        for argument in tool.command.arguments ?? [] where argument.kind != "positional" {
            let names = argument.names ?? []
            guard let long = names.first(where: { $0.kind == "long" }) else { continue }
            options.append(
                OptionDeclaration(
                    name: long.name,
                    spellings: names.map { ($0.kind == "long" ? "--" : "-") + $0.name },
                    takesValue: argument.kind == "option", defaultValue: argument.defaultValue,
                    allowedValues: argument.allValues, isRepeating: argument.isRepeating ?? false,
                    help: argument.abstract ?? ""))
        }
        self.init(command: tool.command.commandName, options: options)
    }
}

/// One named option: `--backend URL` takes a value, `--ascii` is a flag.
public struct OptionDeclaration: Equatable, Sendable {
    public var name: String
    /// Every way to write it: `--backend`, and `-b` when it had a short name.
    public var spellings: [String]
    public var takesValue: Bool
    public var defaultValue: String?
    public var allowedValues: [String]?
    public var isRepeating: Bool
    public var help: String

    public init(
        name: String, spellings: [String]? = nil, takesValue: Bool, defaultValue: String? = nil,
        allowedValues: [String]? = nil, isRepeating: Bool = false, help: String = ""
    ) {
        self.name = name
        self.spellings = spellings ?? ["--\(name)"]
        self.takesValue = takesValue
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
        self.isRepeating = isRepeating
        self.help = help
    }
}

/// The part of swift-argument-parser's `ToolInfoV0` read here.
private struct DumpedTool: Decodable {
    struct Command: Decodable {
        var commandName: String
        var arguments: [Argument]?
    }
    struct Argument: Decodable {
        var kind: String
        var names: [Name]?
        var defaultValue: String?
        var allValues: [String]?
        var isRepeating: Bool?
        var abstract: String?
    }
    struct Name: Decodable {
        var kind: String
        var name: String
    }
    var command: Command
}
