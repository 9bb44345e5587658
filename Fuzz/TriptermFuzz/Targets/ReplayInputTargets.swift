import FleetModel
import Foundation
import TripFollowing
import TripRecordings

// The inputs `tripterm replay` opens: trip files, Cloud Logging exports, GPX and GeoJSON tracks, gzip or not.

extension FuzzTarget {
    static let tripFile = FuzzTarget(name: "trip-file", summary: "TripFileReader.read; save and read back") { data in
        guard let (recording, _) = try? TripFileReader.read(data, path: "fuzz.jsonl") else { return }
        // What tripterm reads it can write, and writing loses nothing it read.
        let path = ScratchFile.path
        do {
            try TripFileWriter.save(recording, to: path, generator: "tripterm-fuzz")
        } catch {
            invariant(false, "a trip file read cannot be saved: \(error)")
        }
        guard var again = try? TripFileReader.read(ScratchFile.contents(), path: path).recording else {
            return invariant(false, "a saved trip file does not read back")
        }
        // Saving stamps a header without `created` with the time of saving.
        if recording.created == nil { again.created = nil }
        invariant(again == recording, "a saved trip file reads back differently")
    }

    static let cloudLogging = FuzzTarget(name: "cloud-logging", summary: "CloudLoggingImporter.recordings") { data in
        _ = CloudLoggingImporter.looksLikeExport(data)
        _ = try? CloudLoggingImporter.recordings(from: data, path: "fuzz.json")
    }

    static let gpx = FuzzTarget(name: "gpx", summary: "GPXImporter.recording (replay)") { data in
        _ = GPXImporter.looksLikeGPX(data)
        _ = try? GPXImporter.recording(from: data, path: "fuzz.gpx", tripName: fuzzTripName)
    }

    static let geoJSON = FuzzTarget(name: "geojson", summary: "GeoJSONImporter.recording") { data in
        _ = GeoJSONImporter.looksLikeGeoJSON(data)
        _ = try? GeoJSONImporter.recording(from: data, path: "fuzz.geojson", tripName: fuzzTripName)
    }

    /// What `tripterm replay FILE` does with any file: gunzip, sniff the format, read it, pick the trip.
    static let replayInput = FuzzTarget(name: "replay-input", summary: "RecordingLoader.load (gzip, sniffing)") {
        data in
        guard let loaded = try? RecordingLoader.load(data: data, path: "fuzz") else { return }
        invariant(!loaded.recordings.isEmpty, "a loaded \(loaded.format.rawValue) has no recordings")
        _ = try? RecordingLoader.select(loaded, trip: nil, path: "fuzz")
    }

    private static let fuzzTripName = try! TripName(provider: "fuzz", tripID: "track")
}
