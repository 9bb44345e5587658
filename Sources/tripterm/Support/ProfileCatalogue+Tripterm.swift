import CommandProfiles
import TerminalUI

extension ProfileCatalogue {
    /// The options a `[profiles.NAME]` table may set: those several commands share and a project keeps from one
    /// command to the next — where Fleet Engine is, whose it is, how tokens are had, the map's look. What names the
    /// thing a command works on (`--trip`, `--vehicle`) or what it does with it (`--record`) stays on the command line.
    static let tripterm = ProfileCatalogue(
        keys: [
            "backend", "ca-file", "provider", "token", "token-file", "token-command", "token-url", "interval", "map",
            "no-map",
            "marker", "ascii", "no-color", "no-mouse",
        ],
        groups: [
            SettingGroup(
                keys: ["token", "token-file", "token-command", "token-url"],
                environment: EnvironmentSetting(variable: TokenOptions.environmentVariable, key: "token")),
            SettingGroup(keys: ["map", "no-map"]),
            SettingGroup(
                keys: ["no-color"],
                environment: EnvironmentSetting(variable: ColorMode.noColorVariable, key: "no-color")),
        ],
        secretKeys: ["token"])
}
