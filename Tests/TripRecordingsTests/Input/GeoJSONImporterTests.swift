import FleetModel
import Foundation
import Testing
import TrackFormats

@testable import TripFollowing
@testable import TripRecordings

@Suite struct GeoJSONImporterTests {
    let name = MonacoDrive.tripName

    func importGeoJSON(_ text: String, path: String = "drive.geojson") throws -> TripRecording {
        try GeoJSONImporter.recording(from: Data(text.utf8), path: path, tripName: name)
    }

    func importError(_ text: String, path: String = "drive.geojson") -> InputError? {
        do {
            _ = try GeoJSONImporter.recording(from: Data(text.utf8), path: path, tripName: name)
            return nil
        } catch {
            return error
        }
    }

    @Test func fixtureWithEpochMillisecondsIsTheSameTripAsTheGPX() throws {
        let recording = try GeoJSONImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "geojson"), path: "Fixtures/monaco-drive.geojson",
            tripName: name)
        let gpx = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "monaco-drive.gpx", tripName: name)
        #expect(recording.source == "GeoJSON monaco-drive.geojson")
        #expect(recording.snapshots.map(\.trip.tripStatus) == MonacoDrive.fixtureStatuses)
        #expect(recording.snapshots.map(\.observedAt) == (0..<18).map { MonacoDrive.at(Int64($0) * 10) })
        let trips = recording.snapshots.map(\.trip)
        #expect(trips[0].pickupPoint?.point == MonacoDrive.pickup)
        #expect(trips[0].dropoffPoint?.point == MonacoDrive.dropoff)  // "type": "DROPOFF"
        #expect(trips[0].intermediateDestinations == [TerminalLocation(point: MonacoDrive.casino)])
        #expect(trips.map(\.lastLocation?.altitude) == [40, 41, 42, 43, 44, 45] + Array(repeating: nil, count: 12))
        // Same points, times and stops as the GPX fixture; only the recorded speed and course of its second point differ.
        var gpxTrips = gpx.snapshots.map(\.trip)
        var geoTrips = trips
        gpxTrips[1].lastLocation = nil
        geoTrips[1].lastLocation = nil
        #expect(geoTrips == gpxTrips)
    }

    @Test func rfc3339TimesAndNamedPoints() throws {
        let drive = MonacoDrive.standard()
        let recording = try importGeoJSON(
            TrackDocuments.geoJSON(
                drive.points, waypoints: [("Pickup", MonacoDrive.pickup), ("Dropoff", MonacoDrive.dropoff)]))
        #expect(recording.snapshots.map(\.observedAt) == drive.points.map(\.time))
        #expect(recording.statusPath == [.enrouteToPickup, .arrivedAtPickup, .enrouteToDropoff, .complete])
        #expect(recording.snapshots.first?.trip.pickupTime == MonacoDrive.at(30))
    }

    @Test func epochMillisecondsKeepTheirFraction() throws {
        var drive = MonacoDrive(at: MonacoDrive.pickup)
        drive.drive(to: MonacoDrive.dropoff, steps: 3)
        var text = TrackDocuments.geoJSON(drive.points, epochMilliseconds: true)
        text = text.replacingOccurrences(of: "1773478810000", with: "1773478810250")
        let times = try importGeoJSON(text).snapshots.map(\.observedAt)
        #expect(times[1] == ProtoTimestamp(seconds: 1_773_478_810, nanos: 250_000_000))
    }

    @Test func aSingleFeatureAndLegacyCoordTimes() throws {
        let text = """
            {"type": "Feature",
             "properties": {"coordTimes": ["2026-03-14T09:00:00Z", "2026-03-14T09:00:10Z", "2026-03-14T09:00:20Z"]},
             "geometry": {"type": "LineString", "coordinates": [[7.4246, 43.7384, 12.5], [7.4220, 43.7350], [7.4197, 43.7311]]}}
            """
        let recording = try importGeoJSON(text)
        #expect(recording.snapshots.count == 3)
        #expect(recording.snapshots.first?.trip.lastLocation?.altitude == 12.5)
        #expect(recording.snapshots.last?.trip.tripStatus == .complete)
    }

    @Test func aMultiLineStringIsOneDrive() throws {
        let points = MonacoDrive.standard().points
        func times(_ slice: ArraySlice<TrackPoint>) -> String {
            "[" + slice.map { "\"\($0.time.rfc3339)\"" }.joined(separator: ", ") + "]"
        }
        func line(_ slice: ArraySlice<TrackPoint>) -> String {
            "[" + slice.map { "[\($0.location.longitude), \($0.location.latitude)]" }.joined(separator: ", ") + "]"
        }
        let text = """
            {"type": "FeatureCollection", "features": [{"type": "Feature",
             "properties": {"coordinateProperties": {"times": [\(times(points[0..<6])), \(times(points[6...]))]}},
             "geometry": {"type": "MultiLineString", "coordinates": [\(line(points[0..<6])), \(line(points[6...]))]}}]}
            """
        let recording = try importGeoJSON(text)
        #expect(recording.snapshots.map(\.trip.lastLocation?.location) == points.map(\.location))
        #expect(recording.snapshots.map(\.observedAt) == points.map(\.time))
    }

    // MARK: - Errors

    @Test func missingTimesIsAnError() {
        let text = """
            {"type": "Feature", "properties": {"name": "drive"},
             "geometry": {"type": "LineString", "coordinates": [[7.4246, 43.7384], [7.4197, 43.7311]]}}
            """
        #expect(
            importError(text)
                == InputError(
                    path: "drive.geojson",
                    message:
                        "properties.coordinateProperties.times: missing: tripterm needs a time for each coordinate (RFC 3339 strings or epoch milliseconds), as geojson.io and togeojson write them"
                ))
    }

    @Test func mismatchedTimesIsAnErrorAtTheTimes() {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature",
               "properties": {"coordinateProperties": {"times": [1773478800000, 1773478810000, 1773478820000]}},
               "geometry": {"type": "LineString", "coordinates": [[7.4246, 43.7384], [7.4220, 43.7350], [7.4210, 43.7330], [7.4197, 43.7311]]}}
            ]}
            """
        let error = importError(text)
        #expect(
            error
                == InputError(
                    path: "drive.geojson", line: 3, column: 44,
                    message:
                        "features[0].properties.coordinateProperties.times: has 3 times for 4 coordinates: tripterm needs one time per coordinate"
                ))
    }

    @Test func invalidJSONIsAnErrorAtLineAndColumn() {
        let text = "{\"type\": \"Feature\",\n \"properties\": {\"coordinateProperties\": {\"times\": [1, 2,, 3]}}}"
        #expect(
            importError(text)
                == InputError(path: "drive.geojson", line: 2, column: 57, message: "not valid JSON: unexpected ','"))
        #expect(
            importError("{\"type\": \"Feature\",\n")
                == InputError(
                    path: "drive.geojson", line: 2, column: 1,
                    message: "not valid JSON: the file ends in the middle of the JSON (is it cut short?)"))
        #expect(
            importError("\u{FEFF}{\"type\": x}")
                == InputError(path: "drive.geojson", line: 1, column: 13, message: "not valid JSON: unexpected 'x'"))
        #expect(importError("  \n")?.message == "empty file: expected a GeoJSON object")
    }

    @Test func otherBadInputIsAnErrorNotACrash() {
        let line = "{\"type\": \"LineString\", \"coordinates\": [[7.4, 43.7], [7.5, 43.8]]}"
        #expect(
            importError(line)?.message
                == "a bare LineString has no times: put it in a Feature with properties.coordinateProperties.times")
        #expect(
            importError("{\"type\": \"FeatureCollection\", \"features\": []}")?.message.hasPrefix(
                "no LineString feature") == true)
        let empty =
            "{\"type\": \"Feature\", \"properties\": {\"coordinateProperties\": {\"times\": []}}, \"geometry\": {\"type\": \"LineString\", \"coordinates\": []}}"
        #expect(
            importError(empty)
                == InputError(
                    path: "drive.geojson", line: 1, column: 111,
                    message: "geometry.coordinates: no positions: tripterm needs a recorded track to replay"))
        #expect(importError("[1, 2]")?.message == "expected a GeoJSON object (a Feature or FeatureCollection)")
        #expect(
            importError("{\"type\": \"Topology\"}")?.message
                == "type: GeoJSON Topology holds no track: expected a Feature or FeatureCollection with a LineString")

        let points = MonacoDrive.standard().points
        let one = TrackDocuments.geoJSON(points)
        let two = one.replacingOccurrences(of: "\n]}", with: ",\n" + one.split(separator: "\n")[1] + "\n]}")
        #expect(
            importError(two)?.message
                == "2 LineString features (features[0], features[1]): tripterm replays one track, keep only one")

        let badTime = one.replacingOccurrences(of: "\"2026-03-14T09:00:20Z\"", with: "true")
        #expect(
            importError(badTime)?.message
                == "features[0].properties.coordinateProperties.times[2]: expected an RFC 3339 string (2026-01-01T08:00:00Z) or epoch milliseconds"
        )
        let badString = one.replacingOccurrences(of: "2026-03-14T09:00:20Z", with: "soon")
        #expect(
            importError(badString)?.message.hasPrefix(
                "features[0].properties.coordinateProperties.times[2]: invalid Timestamp \"soon\"") == true)
        let badCoordinate = one.replacingOccurrences(of: "[7.427, 43.7402]", with: "[43.7402, 187.427]")
        #expect(
            importError(badCoordinate)?.message
                == "features[0].geometry.coordinates[0]: expected a position [longitude, latitude] or [longitude, latitude, elevation] in degrees and metres"
        )
        let backwards = one.replacingOccurrences(of: "2026-03-14T09:00:20Z", with: "2026-03-14T08:00:20Z")
        #expect(
            importError(backwards)?.message
                == "features[0].properties.coordinateProperties.times[2]: 2026-03-14T08:00:20Z is before the previous time (2026-03-14T09:00:10Z): tripterm needs points in time order"
        )
        let hugeMilliseconds = TrackDocuments.geoJSON(points, epochMilliseconds: true).replacingOccurrences(
            of: "1773478800000", with: "1e300")
        #expect(
            importError(hugeMilliseconds)?.message.hasSuffix(
                "is not a time in epoch milliseconds between years 1 and 9999") == true)
    }

    @Test func everyTruncationOrCorruptionIsATripOrAnError() throws {
        let data = try MonacoDrive.fixture("monaco-drive", "geojson")
        var errors = 0
        func attempt(_ bytes: Data) {
            do {
                _ = try GeoJSONImporter.recording(from: bytes, path: "cut.geojson", tripName: name)
            } catch {
                errors += 1
            }
        }
        for length in 0..<data.count { attempt(data.prefix(length)) }
        var generator = SplitMix64(seed: 0x6770_78)
        for _ in 0..<300 {
            var bytes = data
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] = UInt8.random(in: 0...255, using: &generator)
            attempt(bytes)
        }
        #expect(errors >= data.count - 1)  // all but the cut of the final newline, and some corruptions
    }

    @Test func looksLikeGeoJSON() throws {
        #expect(GeoJSONImporter.looksLikeGeoJSON(try MonacoDrive.fixture("monaco-drive", "geojson")))
        #expect(GeoJSONImporter.looksLikeGeoJSON(Data("\u{FEFF}  {\"type\":\"Feature\",\"geometry\":null}".utf8)))
        #expect(!GeoJSONImporter.looksLikeGeoJSON(try MonacoDrive.fixture("monaco-drive", "gpx")))
        #expect(
            !GeoJSONImporter.looksLikeGeoJSON(Data("{\"name\": \"providers/p/trips/t\", \"tripStatus\": \"NEW\"}".utf8))
        )
        #expect(!GeoJSONImporter.looksLikeGeoJSON(Data("[{\"type\": \"Feature\"}]".utf8)))
        #expect(!GeoJSONImporter.looksLikeGeoJSON(Data()))
    }
}
