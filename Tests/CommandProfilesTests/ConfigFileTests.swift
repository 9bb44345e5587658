import CommandProfiles
import Testing

/// Reading the config file: profiles and the default, and each kind of bad file named by its line.
@Suite struct ConfigFileTests {
    @Test func readsProfilesAndTheDefault() throws {
        let file = try ProfileFixtures.file(
            """
            # comment
            default-profile = "work"

            [profiles.work]
            backend = "https://fleetengine.googleapis.com"
            interval = 5
            ascii = true
            vehicle-type = ["AUTO", "TAXI"]

            [profiles.local]
            backend = "http://127.0.0.1:8787"
            """)
        #expect(file.defaultProfile == ConfigFile.DefaultProfile(name: "work", line: 2))
        let work = try #require(file.profiles["work"])
        #expect(work.line == 4)
        #expect(work.settings["backend"] == ProfileSetting(value: .text("https://fleetengine.googleapis.com"), line: 5))
        #expect(work.settings["interval"] == ProfileSetting(value: .text("5"), line: 6))
        #expect(work.settings["ascii"] == ProfileSetting(value: .flag(true), line: 7))
        #expect(work.settings["vehicle-type"] == ProfileSetting(value: .list(["AUTO", "TAXI"]), line: 8))
        #expect(file.profiles["local"]?.settings.count == 1)
    }

    @Test func aSyntaxErrorNamesItsLineAndColumn() {
        let error = ProfileFixtures.configError {
            _ = try ProfileFixtures.file("[profiles.work]\nbackend = \"http://x\"\ninterval = \n")
        }
        #expect(error?.line == 3, "\(String(describing: error))")
        #expect(error?.description.hasPrefix("config.toml:3:") == true, "\(String(describing: error))")
    }

    @Test func anUnknownKeyNamesTheClosestKnownOne() {
        let error = ProfileFixtures.configError {
            _ = try ProfileFixtures.file("[profiles.work]\nbackend = \"http://x\"\n\nintervall = 5\n")
        }
        #expect(
            error?.description == "config.toml:4: unknown key 'intervall' in profile work; did you mean 'interval'?")
        let underscore = ProfileFixtures.configError {
            _ = try ProfileFixtures.file("[profiles.work]\ntoken_url = \"http://x\"\n")
        }
        #expect(underscore?.description.hasSuffix("did you mean 'token-url'?") == true)
        let far = ProfileFixtures.configError { _ = try ProfileFixtures.file("[profiles.work]\nwhatever = 1\n") }
        #expect(far?.description == "config.toml:2: unknown key 'whatever' in profile work")
    }

    @Test func topLevelKeysAreTheDefaultAndTheProfiles() {
        let option = ProfileFixtures.configError { _ = try ProfileFixtures.file("backend = \"http://x\"\n") }
        #expect(option?.description == "config.toml:1: unknown key 'backend': options go in a [profiles.NAME] table")
        let typo = ProfileFixtures.configError { _ = try ProfileFixtures.file("\ndefault_profile = \"w\"\n") }
        #expect(typo?.description == "config.toml:2: unknown key 'default_profile'; did you mean 'default-profile'?")
    }

    @Test func aValueOfTheWrongTypeNamesItsLine() {
        let date = ProfileFixtures.configError {
            _ = try ProfileFixtures.file("[profiles.work]\n\nbackend = 2024-01-01\n")
        }
        #expect(
            date?.description
                == "config.toml:3: backend: expected a string, a number, true or false, or a list, not a date")
        let table = ProfileFixtures.configError {
            _ = try ProfileFixtures.file("[profiles.work]\nbackend = { url = \"x\" }\n")
        }
        #expect(table?.line == 2)
        let name = ProfileFixtures.configError { _ = try ProfileFixtures.file("default-profile = 3\n") }
        #expect(
            name?.description == "config.toml:1: default-profile must be a profile's name in quotes, not an integer")
        let profiles = ProfileFixtures.configError { _ = try ProfileFixtures.file("profiles = \"work\"\n") }
        #expect(profiles?.line == 1)
        let notATable = ProfileFixtures.configError { _ = try ProfileFixtures.file("[profiles]\nwork = 1\n") }
        #expect(notATable?.description == "config.toml:2: profiles.work must be a table of settings, not an integer")
    }

    @Test func theDefaultProfileMustExist() {
        let error = ProfileFixtures.configError {
            _ = try ProfileFixtures.file("default-profile = \"wrok\"\n[profiles.work]\n")
        }
        #expect(
            error?.description
                == "config.toml:1: no profile 'wrok' ([profiles.wrok]): the file has work; did you mean 'work'?")
    }

    @Test func aProfileNamesOneTokenSource() {
        let error = ProfileFixtures.configError {
            _ = try ProfileFixtures.file(
                "[profiles.work]\ntoken-url = \"http://t\"\nascii = false\ntoken-command = \"mint\"\n")
        }
        #expect(error?.line == 4)
        #expect(error?.problem.contains("only one of token, token-file, token-command, token-url") == true)
        // A flag set to false gives the command nothing, so it is no second choice.
        #expect(throws: Never.self) { try ProfileFixtures.file("[profiles.w]\nmap = \"m.roadmap\"\nno-map = false\n") }
    }

    @Test func theFirstProblemInTheFileIsReported() {
        // toml++ hands keys over sorted; the report follows the file.
        let error = ProfileFixtures.configError {
            _ = try ProfileFixtures.file("[profiles.z]\nbakend = 1\n[profiles.a]\nintervl = 2\n")
        }
        #expect(error?.line == 2, "\(String(describing: error))")
    }

    @Test func checkingAgainstTheCommandsFindsValuesOfTheWrongKind() throws {
        let file = try ProfileFixtures.file("[profiles.w]\nbackend = \"http://x\"\nascii = \"yes\"\n")
        let error = ProfileFixtures.configError { try file.check(against: [ProfileFixtures.rider]) }
        #expect(error?.description == "config.toml:3: ascii is a switch: write true or false, not \"yes\"")
        #expect(throws: Never.self) { try file.check(against: [ProfileFixtures.fleet]) }
    }

    @Test func thePathFollowsXDG() {
        #expect(
            ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"])
                == "/x/conf/tripterm/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.config/tripterm/config.toml")
        #expect(
            ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.config/tripterm/config.toml")
    }

    @Test func aNulIsRefusedRatherThanEndingTheFile() {
        let error = ProfileFixtures.configError { _ = try ProfileFixtures.file("[profiles.w]\n\0backend = 1\n") }
        #expect(error?.line == 2)
    }
}
