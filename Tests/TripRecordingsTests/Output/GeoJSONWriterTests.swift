import FleetModel
import Foundation
import Testing

@testable import TripFollowing
@testable import TripRecordings

@Suite struct GeoJSONWriterTests {
    let name = MonacoDrive.tripName

    func reimport(_ geoJSON: String) throws -> TripRecording {
        try GeoJSONImporter.recording(from: Data(geoJSON.utf8), path: "exported.geojson", tripName: name)
    }

    @Test func geoJSONToRecordingToGeoJSONToRecordingKeepsTheTrip() throws {
        let original = try GeoJSONImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "geojson"), path: "monaco-drive.geojson", tripName: name)
        let exported = GeoJSONWriter.geoJSON(for: original)
        let again = try reimport(exported)
        #expect(
            again.snapshots.map(\.trip.lastLocation?.location) == original.snapshots.map(\.trip.lastLocation?.location))
        #expect(
            again.snapshots.map(\.trip.lastLocation?.updateTime)
                == original.snapshots.map(\.trip.lastLocation?.updateTime))
        #expect(again.snapshots == original.snapshots)
        #expect(
            GeoJSONWriter.geoJSON(for: again)
                == exported.replacingOccurrences(of: "GeoJSON monaco-drive.geojson", with: "GeoJSON exported.geojson"))
    }

    @Test func gpxExportedAsGeoJSONIsTheSameTrip() throws {
        let gpx = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "monaco-drive.gpx", tripName: name)
        let again = try reimport(GeoJSONWriter.geoJSON(for: gpx))
        #expect(again.snapshots == gpx.snapshots)
        #expect(again.created == gpx.created)
    }

    @Test func nanosecondTimesSurvive() throws {
        var drive = MonacoDrive(at: MonacoDrive.pickup, interval: 1)
        drive.drive(to: MonacoDrive.dropoff, steps: 3)
        var points = drive.points
        points[2].time = points[2].time + .nanoseconds(123_456_789)
        let original = try GeoJSONImporter.recording(
            from: Data(TrackDocuments.geoJSON(points).utf8), path: "x.geojson", tripName: name)
        let viaGeoJSON = try reimport(GeoJSONWriter.geoJSON(for: original))
        let viaGPX = try GPXImporter.recording(
            from: Data(GPXWriter.gpx(for: original).utf8), path: "x.gpx", tripName: name)
        #expect(viaGeoJSON.snapshots.map(\.observedAt) == points.map(\.time))
        #expect(viaGPX.snapshots.map(\.observedAt) == points.map(\.time))
    }

    @Test func theDocumentIsAFeatureCollection() throws {
        let recording = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "monaco-drive.gpx", tripName: name)
        let text = GeoJSONWriter.geoJSON(for: recording)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(json["type"] == .string("FeatureCollection"))
        guard case .array(let features) = json["features"] else {
            Issue.record("no features")
            return
        }
        #expect(features.count == 4)
        let line = features[0]
        #expect(line["geometry"]?["type"] == .string("LineString"))
        #expect(line["properties"]?["name"] == .string("providers/demo/trips/monaco"))
        guard case .array(let coordinates) = line["geometry"]?["coordinates"],
            case .array(let times) = line["properties"]?["coordinateProperties"]?["times"]
        else {
            Issue.record("no coordinates or times")
            return
        }
        #expect(coordinates.count == 18 && times.count == 18)
        #expect(coordinates[0] == .array([.number(7.427), .number(43.7402), .number(40)]))
        #expect(coordinates[17] == .array([.number(7.41969), .number(43.73111)]))
        #expect(times[0] == .string("2026-03-14T09:00:00Z"))
        #expect(features[1]["properties"]?["name"] == .string("pickup"))
        #expect(features[1]["geometry"]?["coordinates"] == .array([.number(7.4246), .number(43.7384)]))
        #expect(features[2]["properties"]?["name"] == .string("stop 1"))
        #expect(features[3]["properties"]?["name"] == .string("dropoff"))
        #expect(GeoJSONImporter.looksLikeGeoJSON(Data(text.utf8)))
    }

    @Test func stringsAreEscaped() throws {
        var recording = try GeoJSONImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "geojson"), path: "monaco-drive.geojson", tripName: name)
        recording.source = "quote \" backslash \\ newline \n tab \t bell \u{7}"
        let text = GeoJSONWriter.geoJSON(for: recording)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        guard case .array(let features) = json["features"] else {
            Issue.record("no features")
            return
        }
        #expect(features[0]["properties"]?["source"] == .string(recording.source))
    }

    @Test func anEmptyRecordingIsAnEmptyCollection() throws {
        let text = GeoJSONWriter.geoJSON(for: TripRecording(tripName: name, source: ""))
        #expect(text == "{\"type\": \"FeatureCollection\", \"features\": [\n]}\n")
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))["features"] == .array([]))
    }
}
