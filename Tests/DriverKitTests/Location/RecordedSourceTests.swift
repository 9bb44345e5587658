import DriverKit
import FleetModel
import Foundation
import Testing
import TripFollowing

/// GPX and NMEA files played on a manual clock: recorded pace (scaled), re-timed to start now.
@Suite struct RecordedSourceTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func gpxPlaysAtItsRecordedPaceScaledBySpeedUp() async throws {
        let clock = ManualClock()
        let source = GPXLocationSource(path: Fixtures.path("short-drive.gpx"), pace: Pace(speedUp: 2), clock: clock, startTime: { Self.now })
        let collector = Task {
            var fixes: [LocationFix] = []
            for try await fix in source.fixes() { fixes.append(fix) }
            return fixes
        }
        var waits: [Duration] = []
        for _ in 0..<2 {
            let wait = await clock.nextSleep()
            waits.append(wait)
            clock.advance(by: wait)
        }
        let fixes = try await collector.value
        #expect(waits == [.seconds(2), .seconds(3)])
        #expect(fixes.map { $0.time.timeIntervalSince(Self.now) } == [0, 4, 10])
        #expect(fixes[0].heading == 26 && fixes[0].speed == 12.5 && fixes[0].altitude == 20)
        #expect(fixes[2].coordinate == LatLng(latitude: 43.7334, longitude: 7.4196))
    }

    @Test func badGPXNamesFileAndLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).gpx").path
        try "<gpx>\n<trk><trkseg>\n<trkpt lat=\"95\" lon=\"7\"><time>2026-11-23T10:00:00Z</time></trkpt>\n</trkseg></trk></gpx>"
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try GPXLocationSource.read(path: path) } throws: { "\($0)".hasPrefix("\(path):3: <trkpt> needs lat") }
        try "<gpx><trk><trkseg><trkpt lat=\"43\" lon=\"7\"></trkpt></trkseg></trk></gpx>".write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try GPXLocationSource.read(path: path) } throws: { "\($0)".contains("has no <time>") }
        try "<gpx><trk></gpx>".write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try GPXLocationSource.read(path: path) } throws: { "\($0)".contains("not well-formed XML") }
    }

    /// Found by the driver-gpx fuzzer (docs/TESTING.md): a comment that is not UTF-8 trapped inside FoundationXML
    /// when the parser went on after libxml2's error.
    @Test func gpxWithACommentThatIsNotUTF8IsAnErrorNotATrap() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).gpx").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a w".utf8) + [0x88, 0x96, 0x8B, 0x8B, 0x9A, 0x91]
        bytes += Array(" -->\n<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"43\" lon=\"7\"><time>2026-11-23T10:00:00Z</time></trkpt></trkseg></trk></gpx>\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect { try GPXLocationSource.read(path: path) } throws: { "\($0)".hasPrefix("\(path):2: not well-formed XML") }
    }

    /// Found by the `driver-gpx` fuzzer: libxml2 crashed on a document declaring UTF-7 with bytes iconv rejects.
    @Test func gpxDeclaringUTF7IsAnErrorNotACrash() throws {
        let path = Fixtures.path("fuzz-utf7-declared.gpx")
        #expect { try GPXLocationSource.read(path: path) } throws: {
            "\($0)" == "\(path):1: the XML declaration names encoding \"UTF-7\": only UTF-8 (or ASCII, ISO-8859-1) XML is read"
        }
    }

    @Test func nmeaSourceStreamsEveryFixAndKeepsStatistics() async throws {
        let clock = ManualClock()
        let source = NMEALocationSource(path: Fixtures.path("monaco-drive.nmea"), pace: Pace(speedUp: 10), clock: clock, startTime: { Self.now })
        // In lockstep with the clock: the stream keeps only the newest 64 fixes, so a reader starved on a loaded
        // machine (or under AddressSanitizer, where this once counted 67) would see fewer.
        var fixes = source.fixes().makeAsyncIterator()
        var count = 0
        var last = try await fixes.next()
        if last != nil { count += 1 }
        for _ in 0..<80 {
            let wait = await clock.nextSleep()
            #expect(wait == .milliseconds(100))
            clock.advance(by: wait)
            last = try await fixes.next()
            if last != nil { count += 1 }
        }
        #expect(try await fixes.next() == nil)
        #expect(count == 81)
        #expect(last?.time == Self.now.addingTimeInterval(80))
        #expect(source.statistics.fixes == 81)
    }
}
