import ArgumentParser
import CommandProfiles

/// `--profile NAME`, taken by every command a profile can set options for. The option is read before parsing (by
/// ``ProfileLayer``, which finds the commands that take it); the parser declares it so that help lists it and the
/// command line stays valid.
struct ProfileOptions: ParsableArguments {
    @Option(
        name: .customLong(ProfileChoice.optionName),
        help: ArgumentHelp(
            "Take unset options from this profile of the config file (default: TRIPTERM_PROFILE, else the file's default-profile); see tripterm config.",
            valueName: "name"))
    var profile: String?
}
