import DriverKit
import FleetModel
import Foundation
import Testing
import TrackFormats
import TripFollowing

/// GPX and NMEA files played on a manual clock: at their recorded pace on that clock, re-timed to start now.
@Suite struct RecordedSourceTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func gpxPlaysAtItsRecordedPace() async throws {
        let clock = VirtualClock.manual()
        let source = GPXLocationSource(path: Fixtures.path("short-drive.gpx"), clock: clock, startTime: { Self.now })
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
        #expect(waits == [.seconds(4), .seconds(6)])
        #expect(fixes.map { $0.time.timeIntervalSince(Self.now) } == [0, 4, 10])
        #expect(fixes[0].heading == 26 && fixes[0].speed == 12.5 && fixes[0].altitude == 20)
        #expect(fixes[2].coordinate == LatLng(latitude: 43.7334, longitude: 7.4196))
    }

    @Test func badGPXNamesFileAndLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).gpx").path
        try
            "<gpx>\n<trk><trkseg>\n<trkpt lat=\"95\" lon=\"7\"><time>2026-11-23T10:00:00Z</time></trkpt>\n</trkseg></trk></gpx>"
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try GPXLocationSource.read(path: path) } throws: {
            "\($0)" == "\(path):3:1: <trkpt> lat=\"95\" is not a latitude in degrees (-90 to 90)"
        }
        try "<gpx><trk><trkseg><trkpt lat=\"43\" lon=\"7\"></trkpt></trkseg></trk></gpx>".write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect { try GPXLocationSource.read(path: path) } throws: { "\($0)".contains("has no <time>") }
        try "<gpx><trk></gpx>".write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try GPXLocationSource.read(path: path) } throws: { "\($0)".contains("malformed XML") }
    }

    /// Found by the driver-gpx fuzzer (docs/TESTING.md): a comment that is not UTF-8 trapped inside FoundationXML
    /// when the parser went on after libxml2's error.
    @Test func gpxWithACommentThatIsNotUTF8IsAnErrorNotATrap() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).gpx").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes =
            Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a w".utf8) + [0x88, 0x96, 0x8B, 0x8B, 0x9A, 0x91]
        bytes += Array(
            " -->\n<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"43\" lon=\"7\"><time>2026-11-23T10:00:00Z</time></trkpt></trkseg></trk></gpx>\n"
                .utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect { try GPXLocationSource.read(path: path) } throws: {
            "\($0)".hasPrefix("\(path):2:") && "\($0)".contains("malformed XML")
        }
    }

    /// Found by the `driver-gpx` fuzzer: libxml2 crashed on a document declaring UTF-7 with bytes iconv rejects.
    @Test func gpxDeclaringUTF7IsAnErrorNotACrash() throws {
        let path = Fixtures.path("fuzz-utf7-declared.gpx")
        #expect { try GPXLocationSource.read(path: path) } throws: {
            "\($0)"
                == "\(path):1: the XML declaration names encoding \"UTF-7\": only UTF-8 (or ASCII, ISO-8859-1) XML is read"
        }
    }

    /// The driver reads GPX through TrackFormats' reader, as replay does: a track first, else a route's timed points;
    /// gzip-compressed files as they are; anything that is not GPX is refused.
    @Test func gpxWithoutATrackPlaysItsTimedRoutePoints() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("route-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let route = directory.appendingPathComponent("route.gpx").path
        try """
        <gpx version="1.1"><rte>
        <rtept lat="43.7330" lon="7.4193"><time>2026-11-23T10:00:05Z</time></rtept>
        <rtept lat="43.7326" lon="7.4190"><time>2026-11-23T10:00:00Z</time></rtept>
        <rtept lat="43.7340" lon="7.4200"/>
        </rte></gpx>
        """.write(toFile: route, atomically: true, encoding: .utf8)
        let fixes = try GPXLocationSource.read(path: route)
        #expect(
            fixes.map(\.coordinate) == [
                LatLng(latitude: 43.7326, longitude: 7.4190), LatLng(latitude: 43.7330, longitude: 7.4193),
            ])

        let untimed = directory.appendingPathComponent("untimed.gpx").path
        try #"<gpx><rte><rtept lat="43.7" lon="7.4"/></rte></gpx>"#.write(
            toFile: untimed, atomically: true, encoding: .utf8)
        #expect { try GPXLocationSource.read(path: untimed) } throws: {
            "\($0)" == "\(untimed): no <trkpt> or <rtept> with a <time>"
        }

        let notGPX = directory.appendingPathComponent("osm.gpx").path
        try #"<osm version="0.6"/>"#.write(toFile: notGPX, atomically: true, encoding: .utf8)
        #expect { try GPXLocationSource.read(path: notGPX) } throws: { "\($0)".contains("not a GPX document") }
    }

    @Test func nmeaSourceStreamsEveryFixAndKeepsStatistics() async throws {
        let clock = VirtualClock.manual()
        let source = NMEALocationSource(path: Fixtures.path("monaco-drive.nmea"), clock: clock, startTime: { Self.now })
        // In lockstep with the clock: the stream keeps only the newest 64 fixes, so a reader starved on a loaded
        // machine (or under AddressSanitizer, where this once counted 67) would see fewer.
        var fixes = source.fixes().makeAsyncIterator()
        var count = 0
        var last = try await fixes.next()
        if last != nil { count += 1 }
        for _ in 0..<80 {
            let wait = await clock.nextSleep()
            #expect(wait == .seconds(1))
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
