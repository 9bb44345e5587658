/// Which profile a command runs with, and who chose it: `--profile NAME`, else `TRIPTERM_PROFILE`, else the file's
/// `default-profile`, else none. The environment only picks the profile; it sets no option through it.
public struct ProfileChoice: Equatable, Sendable {
    public static let environmentVariable = "TRIPTERM_PROFILE"
    /// The option every profile-aware command takes.
    public static let optionName = "profile"

    public enum Source: Equatable, Sendable, CustomStringConvertible {
        case commandLine
        case environment
        case configFile

        public var description: String {
            switch self {
            case .commandLine: "--\(ProfileChoice.optionName)"
            case .environment: ProfileChoice.environmentVariable
            case .configFile: ConfigFile.defaultProfileKey
            }
        }
    }

    public var name: String
    public var source: Source

    public init(name: String, source: Source) {
        self.name = name
        self.source = source
    }

    /// The choice, from the `--profile` value given on the command line (if any), the environment and the file.
    /// An empty `TRIPTERM_PROFILE` counts as unset.
    public static func choose(commandLine: String?, environment: [String: String], file: ConfigFile?) -> ProfileChoice?
    {
        if let commandLine { return ProfileChoice(name: commandLine, source: .commandLine) }
        if let name = environment[environmentVariable], !name.isEmpty {
            return ProfileChoice(name: name, source: .environment)
        }
        return file?.defaultProfile.map { ProfileChoice(name: $0.name, source: .configFile) }
    }
}
