import CommandProfiles
import FleetEvents
import Foundation
import Testing

/// `serve --events-config`: thresholds and geofences read from TOML, the defaults kept for what the file leaves out,
/// and every bad file refused naming its line.
@Suite struct EventsConfigFileTests {
    func read(_ text: String) throws -> EventsConfigFile { try EventsConfigFile(text: text, path: "events.toml") }

    func problem(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func readsThresholdsAndGeofences() throws {
        let file = try read(
            """
            # Events for the Monaco demo
            not-updating-seconds = 90
            eta-absolute-seconds = 120
            eta-relative = 0.2
            task-eta-relative = 0.25
            time-remaining-seconds = [600, 300.5]
            distance-remaining-meters = 500
            max-in-flight = 4

            [geofences]
            depot = "CIRCLE (43.7384 7.4246, 150)"
            port = "POLYGON ((43.730 7.41, 43.730 7.43, 43.737 7.43))"
            """)
        #expect(file.notUpdating == .seconds(90))
        #expect(file.maxInFlight == 4)
        #expect(
            file.thresholds
                == EventThresholds(
                    etaAbsolute: .seconds(120), tripEtaRelative: 0.2, taskEtaRelative: 0.25,
                    timeRemaining: [.seconds(600), .seconds(300.5)], distanceRemainingMeters: [500]))
        #expect(file.geofences.map(\.name) == ["depot", "port"])
        #expect(file.geofences[0] == (try Geofence(parsing: "depot=CIRCLE (43.7384 7.4246, 150)")))
    }

    @Test func whatTheFileLeavesOutKeepsTheReferenceDefaults() throws {
        let file = try read("[geofences]\n")
        #expect(file.notUpdating == nil && file.maxInFlight == nil)
        #expect(file.thresholds == EventThresholds())
        #expect(EventThresholds().etaAbsolute == .seconds(300) && EventThresholds().tripEtaRelative == 0.1)
        #expect(EventThresholds().taskEtaRelative == 0.5)
        #expect(EventThresholds().timeRemaining == [.seconds(300)])
        #expect(EventThresholds().distanceRemainingMeters == [1000])
        #expect(try read("time-remaining-seconds = []").thresholds.timeRemaining.isEmpty, "an empty list: none")
    }

    @Test func postsInFlightAreAWholeNumberFromOne() {
        #expect(
            problem("max-in-flight = 0") == "events.toml:1: max-in-flight must be a whole number from 1 to 1024, not 0")
        #expect(
            problem("\nmax-in-flight = 2.5")?.hasPrefix("events.toml:2: max-in-flight must be a whole number") == true)
    }

    @Test func anUnknownKeyNamesItsLineAndTheClosestKnownOne() {
        #expect(
            problem("eta-absolute-seconds = 60\neta-relativ = 0.2\n")
                == "events.toml:2: unknown key 'eta-relativ'; did you mean 'eta-relative'?")
        #expect(problem("\n\ngeofence = 1") == "events.toml:3: unknown key 'geofence'; did you mean 'geofences'?")
    }

    @Test func aBadGeofenceNamesItsLineAndTheFence() {
        let text = """
            eta-relative = 0.1

            [geofences]
            depot = "CIRCLE (43.7384 7.4246, 150)"
            square = "POLYGON ((0 0, 1 1, 0 1, 1 0))"
            """
        #expect(problem(text)?.hasPrefix("events.toml:5: geofence square: POLYGON crosses itself") == true)
        #expect(
            problem("[geofences]\nhome = \"CIRCLE (43.7 7.4 100)\"")?.hasPrefix(
                "events.toml:2: geofence home: expected ','") == true)
        #expect(
            problem("[geofences]\nhome = 3") == "events.toml:2: geofence home must be WKT in quotes, not an integer")
        #expect(
            problem("[geofences]\n\"a b\" = \"CIRCLE (1 1, 5)\"")?.hasPrefix(
                "events.toml:2: geofence \"a b\": a geofence's name") == true)
        #expect(
            problem("geofences = \"CIRCLE (1 1, 5)\"")
                == #"events.toml:1: geofences must be a table of NAME = "WKT", not a string"#)
    }

    @Test func aBadValueNamesItsLine() {
        #expect(problem("eta-relative = 0") == "events.toml:1: eta-relative must be a number above 0, not 0.0")
        #expect(
            problem("\nnot-updating-seconds = \"60\"")
                == "events.toml:2: not-updating-seconds must be a number above 0, not a string")
        #expect(
            problem("distance-remaining-meters = [1000, -5]")
                == "events.toml:1: distance-remaining-meters[1] must be a number above 0, not -5.0")
        #expect(problem("eta-relative = ")?.hasPrefix("events.toml:1:") == true, "a TOML syntax error")
    }

    @Test func theFirstProblemIsTheFirstByLine() {
        #expect(problem("zz = 1\naa = 2")?.hasPrefix("events.toml:1: unknown key 'zz'") == true)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: ConfigError.self) { try EventsConfigFile.load(path: "/nonexistent/events.toml") }
    }
}
