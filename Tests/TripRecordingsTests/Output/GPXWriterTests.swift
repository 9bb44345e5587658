import FleetModel
import Foundation
import TestSupport
import Testing

@testable import TripFollowing
@testable import TripRecordings

@Suite struct GPXWriterTests {
    let name = MonacoDrive.tripName

    func reimport(_ gpx: String) throws -> TripRecording {
        try GPXImporter.recording(from: Data(gpx.utf8), path: "exported.gpx", tripName: name)
    }

    @Test func gpxToRecordingToGPXToRecordingKeepsTheTrip() throws {
        let original = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "monaco-drive.gpx", tripName: name)
        let exported = GPXWriter.gpx(for: original)
        let again = try reimport(exported)
        // Same vehicle positions and times…
        #expect(
            again.snapshots.map(\.trip.lastLocation?.location) == original.snapshots.map(\.trip.lastLocation?.location))
        #expect(
            again.snapshots.map(\.trip.lastLocation?.updateTime)
                == original.snapshots.map(\.trip.lastLocation?.updateTime))
        #expect(again.snapshots.map(\.observedAt) == original.snapshots.map(\.observedAt))
        // …and, with speed, course, elevation and the named stops written too, the very same trips.
        #expect(again.snapshots == original.snapshots)
        #expect(again.created == original.created)
        // A second round changes nothing at all.
        #expect(
            GPXWriter.gpx(for: again)
                == exported.replacingOccurrences(of: "GPX track monaco-drive.gpx", with: "GPX track exported.gpx"))
    }

    @Test func theDocumentIsGPX11() throws {
        let recording = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "monaco-drive.gpx", tripName: name)
        let gpx = GPXWriter.gpx(for: recording)
        #expect(
            gpx.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"tripterm\" xmlns=\"http://www.topografix.com/GPX/1/1\""
            ))
        #expect(
            gpx.contains(
                "<wpt lat=\"43.7384\" lon=\"7.4246\"><time>2026-03-14T09:00:30Z</time><name>pickup</name><type>pickup</type></wpt>"
            ))
        #expect(
            gpx.contains(
                "<wpt lat=\"43.735\" lon=\"7.423\"><name>stop 1</name><type>intermediate destination</type></wpt>"))
        #expect(
            gpx.contains(
                "<wpt lat=\"43.7311\" lon=\"7.4197\"><time>2026-03-14T09:02:40Z</time><name>dropoff</name><type>dropoff</type></wpt>"
            ))
        #expect(
            gpx.contains(
                "<trkpt lat=\"43.7396\" lon=\"7.4262\"><ele>41.0</ele><time>2026-03-14T09:00:10Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>9.3</gpxtpx:speed><gpxtpx:course>225</gpxtpx:course></gpxtpx:TrackPointExtension></extensions></trkpt>"
            ))
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 18)
        #expect(
            gpx.contains(
                "<metadata>\n    <name>providers/demo/trips/monaco</name>\n    <desc>GPX track monaco-drive.gpx</desc>\n    <time>2026-03-14T08:59:00Z</time>\n  </metadata>"
            ))
        #expect(GPXImporter.looksLikeGPX(Data(gpx.utf8)))
        // Schema order: wpt before trk.
        let firstWaypoint = try #require(gpx.range(of: "<wpt "))
        let track = try #require(gpx.range(of: "<trk>"))
        #expect(firstWaypoint.lowerBound < track.lowerBound)
    }

    @Test func aRecordedTripExportsEachVehicleReportOnce() throws {
        // A followed trip: polls repeat the same report, and one poll carries an older, stale one.
        var stale = TripFixtures.enrouteToPickup(time: 10)
        stale.lastLocation?.updateTime = TripFixtures.at(5)
        let recording = TripRecording(
            tripName: TripFixtures.name, source: "recorded from http://127.0.0.1:8787", created: TripFixtures.at(0),
            events: [
                .note("recording started", at: TripFixtures.at(0)),
                .snapshot(TripFixtures.new(), at: TripFixtures.at(1)),
                .snapshot(TripFixtures.enrouteToPickup(time: 10), at: TripFixtures.at(11)),
                .snapshot(TripFixtures.enrouteToPickup(time: 10), at: TripFixtures.at(16)),
                .snapshot(stale, at: TripFixtures.at(21)),
                .failure(TripServiceError(code: .unavailable, message: "down"), at: TripFixtures.at(26)),
                .snapshot(TripFixtures.arrivedAtPickup(), at: TripFixtures.at(71)),
                .snapshot(TripFixtures.enrouteToDropoff(time: 100), at: TripFixtures.at(101)),
                .snapshot(TripFixtures.complete(), at: TripFixtures.at(301)),
            ])
        let gpx = GPXWriter.gpx(for: recording)
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 4)
        let again = try GPXImporter.recording(from: Data(gpx.utf8), path: "t1.gpx", tripName: TripFixtures.name)
        let expected = [
            TripFixtures.start, TripFixtures.pickup, LatLng(latitude: 43.7360, longitude: 7.4230), TripFixtures.dropoff,
        ]
        #expect(again.snapshots.map(\.trip.lastLocation?.location) == expected)
        #expect(
            again.snapshots.map(\.observedAt) == [
                TripFixtures.at(10), TripFixtures.at(70), TripFixtures.at(100), TripFixtures.at(300),
            ])
        #expect(again.snapshots.map(\.trip.lastLocation?.heading) == [200, 200, 200, 200])
        #expect(again.snapshots.map(\.trip.lastLocation?.speed) == [8, 8, 8, 8])
        #expect(again.snapshots.first?.trip.pickupPoint?.point == TripFixtures.pickup)
        #expect(again.snapshots.first?.trip.dropoffPoint?.point == TripFixtures.dropoff)
        #expect(again.statusPath == [.enrouteToPickup, .arrivedAtPickup, .enrouteToDropoff, .complete])
    }

    @Test func textIsEscaped() throws {
        let tricky = "Tom & Jerry's <\"trip\">\u{1}"
        var recording = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "monaco-drive.gpx", tripName: name)
        recording.source = tricky
        let gpx = GPXWriter.gpx(for: recording)
        #expect(gpx.contains("<desc>Tom &amp; Jerry&apos;s &lt;&quot;trip&quot;&gt;</desc>"))
        #expect(throws: Never.self) { try reimport(gpx) }
    }

    @Test func anEmptyRecordingIsAnEmptyDocument() {
        let gpx = GPXWriter.gpx(for: TripRecording(tripName: name, source: ""))
        #expect(!gpx.contains("<trk>") && !gpx.contains("<wpt"))
        #expect(gpx.hasSuffix("</metadata>\n</gpx>\n"))
    }

    @Test func decimalsNeverUseExponents() {
        #expect(DecimalText.format(43.7384) == "43.7384")
        #expect(DecimalText.format(1e-05) == "0.00001")
        #expect(DecimalText.format(-1.5e-07) == "-0.00000015")
        #expect(DecimalText.format(1.2345678901234567e-05) == "0.000012345678901234568")
        #expect(DecimalText.format(1e16) == "10000000000000000")
        #expect(DecimalText.format(2.5e20) == "250000000000000000000")
        #expect(DecimalText.format(-3) == "-3.0")
        #expect(DecimalText.format(.nan) == "0")
        for value in [1e-05, -1.5e-07, 1.2345678901234567e-05, 1e16, 0.1 + 0.2, 7.123456789012345] {
            #expect(Double(DecimalText.format(value)) == value)
        }
    }
}
