import CommandProfiles
import Testing

/// Precedence: an option on the command line, then the environment variable standing for it, then the profile, then
/// the command's default; and a profile's setting that does not fit its option, named by its line.
@Suite struct ProfileApplicationTests {
    static let work = """
        default-profile = "work"

        [profiles.work]
        backend = "https://fleetengine.googleapis.com"
        token-url = "https://t.example.com/{tripId}"
        interval = 2
        ascii = true
        marker = "half"

        [profiles.plain]
        ascii = false
        """

    @Test func theProfileFillsWhatTheCommandLineLeaves() throws {
        let applied = try ProfileFixtures.apply(["--trip", "providers/p/trips/t"], file: Self.work)
        #expect(
            applied.arguments == [
                "--backend", "https://fleetengine.googleapis.com", "--token-url", "https://t.example.com/{tripId}",
                "--interval", "2", "--marker", "half", "--ascii", "--trip", "providers/p/trips/t",
            ])
        #expect(applied.profile == ProfileChoice(name: "work", source: .configFile))
        #expect(applied.setting("backend")?.origin == .profile("work", line: 4))
        #expect(applied.setting("interval")?.value == "2")
        #expect(applied.setting("no-color") == EffectiveSetting(key: "no-color", value: "false", origin: .defaultValue))
        #expect(applied.setting("map")?.value == nil && applied.setting("map")?.origin == .defaultValue)
    }

    @Test func aFlagWinsOverTheProfile() throws {
        let applied = try ProfileFixtures.apply(
            ["--trip", "t", "--backend=http://127.0.0.1:9", "--interval", "7"], file: Self.work)
        #expect(!applied.arguments.contains("https://fleetengine.googleapis.com"))
        #expect(!applied.arguments.contains("2"))
        #expect(applied.setting("backend")?.value == "http://127.0.0.1:9")
        #expect(applied.setting("backend")?.origin == .commandLine)
        #expect(applied.setting("interval")?.value == "7")
        #expect(applied.setting("marker")?.origin == .profile("work", line: 8), "the rest still comes from the profile")
    }

    @Test func aTokenSourceOnTheCommandLineReplacesTheProfilesWholeGroup() throws {
        let applied = try ProfileFixtures.apply(["--token-command", "mint"], file: Self.work)
        #expect(!applied.arguments.contains("--token-url"), "one token source, the user's")
        #expect(applied.setting("token-command")?.origin == .commandLine)
        #expect(applied.setting("token-url")?.origin == .defaultValue)
        #expect(applied.setting("token-url")?.value == nil)
    }

    @Test func theEnvironmentWinsOverTheProfileAndLosesToTheCommandLine() throws {
        let environment = ["TRIPTERM_TOKEN": "eyJ.secret", "NO_COLOR": "1"]
        let applied = try ProfileFixtures.apply(["--trip", "t"], file: Self.work, environment: environment)
        #expect(!applied.arguments.contains("--token-url"))
        #expect(applied.setting("token")?.origin == .environment("TRIPTERM_TOKEN"))
        #expect(applied.setting("token")?.value == "(hidden)", "a token is never printed")
        #expect(applied.setting("no-color")?.value == "true")
        #expect(applied.setting("no-color")?.origin == .environment("NO_COLOR"))

        let typed = try ProfileFixtures.apply(["--token", "eyJ.typed"], file: Self.work, environment: environment)
        #expect(typed.setting("token")?.origin == .commandLine)
        #expect(typed.setting("token")?.value == "(hidden)")
        // An empty variable counts as unset.
        let empty = try ProfileFixtures.apply([], file: Self.work, environment: ["TRIPTERM_TOKEN": ""])
        #expect(empty.arguments.contains("--token-url"))
    }

    @Test func theProfileIsChosenByFlagThenEnvironmentThenFile() throws {
        let byFile = try ProfileFixtures.apply([], file: Self.work)
        #expect(byFile.profile?.name == "work")
        let byEnvironment = try ProfileFixtures.apply(
            [], file: Self.work, environment: ["TRIPTERM_PROFILE": "plain"])
        #expect(byEnvironment.profile == ProfileChoice(name: "plain", source: .environment))
        #expect(byEnvironment.arguments.isEmpty, "plain sets ascii to false: nothing to add")
        #expect(byEnvironment.setting("ascii")?.origin == .profile("plain", line: 11))
        let byFlag = try ProfileFixtures.apply(
            ["--profile", "work"], file: Self.work, environment: ["TRIPTERM_PROFILE": "plain"])
        #expect(byFlag.profile == ProfileChoice(name: "work", source: .commandLine))
        let none = try ProfileFixtures.apply([], file: "[profiles.a]\nascii = true\n")
        #expect(none.profile == nil && none.arguments.isEmpty)
    }

    @Test func aMissingProfileIsAnError() {
        let missing = ProfileFixtures.configError {
            _ = try ProfileFixtures.apply(["--profile=wrok"], file: Self.work)
        }
        #expect(
            missing?.description
                == "config.toml: no profile 'wrok' ([profiles.wrok]): the file has plain, work; did you mean 'work'? (asked for by --profile)"
        )
        let noFile = ProfileFixtures.configError {
            _ = try ProfileFixtures.apply([], file: nil, environment: ["TRIPTERM_PROFILE": "work"])
        }
        #expect(noFile?.problem.hasPrefix("does not exist, and TRIPTERM_PROFILE asks for its profile 'work'") == true)
    }

    @Test func aSettingOfTheWrongKindNamesItsLine() {
        let flag = ProfileFixtures.configError {
            _ = try ProfileFixtures.apply(
                [], file: "[profiles.w]\n\ninterval = true\n", environment: ["TRIPTERM_PROFILE": "w"])
        }
        #expect(
            flag?.description == "config.toml:3: interval takes a value (Seconds between polls.), not true or false")
        let choice = ProfileFixtures.configError {
            _ = try ProfileFixtures.apply(["--profile", "w"], file: "[profiles.w]\nmarker = \"hlaf\"\n")
        }
        #expect(
            choice?.description
                == "config.toml:2: marker 'hlaf' is not one of braille, half, ascii; did you mean 'half'?")
        let list = ProfileFixtures.configError {
            _ = try ProfileFixtures.apply(["--profile", "w"], file: "[profiles.w]\nbackend = [\"a\", \"b\"]\n")
        }
        #expect(list?.description == "config.toml:2: backend takes one value, not a list")
    }

    @Test func aRepeatableOptionTakesAList() throws {
        let applied = try ProfileFixtures.apply(
            ["--profile", "w"], to: ProfileFixtures.fleet, file: "[profiles.w]\nvehicle-type = [\"AUTO\", \"TAXI\"]\n")
        #expect(applied.arguments == ["--vehicle-type", "AUTO", "--vehicle-type", "TAXI", "--profile", "w"])
    }

    @Test func aFailureNamingAProfilesOptionPointsAtItsLine() throws {
        let applied = try ProfileFixtures.apply([], file: Self.work)
        #expect(
            applied.origin(ofFailure: "The value '2' is invalid for '--interval <seconds>'")
                == "config.toml:6: profile work, interval")
        #expect(
            applied.origin(ofFailure: "--token-url must be an http:// URL") == "config.toml:5: profile work, token-url")
        #expect(applied.origin(ofFailure: "--token must not be empty") == nil, "--token is not --token-url")
        #expect(applied.origin(ofFailure: "--trip: not a trip name") == nil)
        let typed = try ProfileFixtures.apply(["--interval", "x"], file: Self.work)
        #expect(typed.origin(ofFailure: "The value 'x' is invalid for '--interval <seconds>'") == nil)
    }

    @Test func onlyOptionsTheCommandTakesAreApplied() throws {
        let applied = try ProfileFixtures.apply([], to: ProfileFixtures.driver, file: Self.work)
        #expect(applied.arguments == ["--backend", "https://fleetengine.googleapis.com", "--interval", "2"])
        #expect(applied.settings.map(\.key) == ["backend", "interval"])
    }

    @Test func valuesAfterTheTerminatorAreNotOptions() throws {
        let applied = try ProfileFixtures.apply(["--", "--backend", "x"], file: Self.work)
        #expect(applied.setting("backend")?.origin == .profile("work", line: 4))
    }
}
