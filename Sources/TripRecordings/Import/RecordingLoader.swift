import FleetModel
import Foundation
import TrackFormats

/// Opens any input tripterm replays — a trip file, a Fleet Engine Cloud Logging export, a GPX track or GeoJSON,
/// gzip-compressed or not — by looking at its content, not its name.
public enum RecordingLoader {
    public enum Format: String, Sendable, CaseIterable {
        case tripFile = "trip file"
        case cloudLogging = "Cloud Logging export"
        case gpx = "GPX"
        case geoJSON = "GeoJSON"
    }

    public struct Loaded: Sendable {
        public var format: Format
        public var recordings: [TripRecording]
        public var warnings: [InputWarning]
        /// A Cloud Logging export's Deliveries API day (empty for every other input).
        public var deliveries: DeliveryRecording? = nil
    }

    static let acceptedFormats =
        "a tripterm trip file (.jsonl), a Fleet Engine Cloud Logging export (.json), a GPX 1.1 track (.gpx) or GeoJSON (.geojson), optionally gzip-compressed"

    public static func load(path: String) throws(InputError) -> Loaded {
        let data = try readFile(path)
        var loaded = try load(data: data, path: path)
        // A plain export is read again at an entry's offset when the entry is shown, rather than kept in memory.
        if loaded.format == .cloudLogging, !Gzip.isCompressed(data) {
            let export = LogExportSource.file(path, size: data.count)
            for index in loaded.recordings.indices { loaded.recordings[index].logExport = export }
        }
        return loaded
    }

    public static func load(data raw: Data, path: String) throws(InputError) -> Loaded {
        let data = Gzip.isCompressed(raw) ? try Gzip.decompress(raw, path: path) : raw
        guard let format = sniff(data) else {
            throw InputError(path: path, message: "unknown format: expected \(acceptedFormats)")
        }
        switch format {
        case .tripFile:
            let (recording, warnings) = try TripFileReader.read(data, path: path)
            return Loaded(format: format, recordings: [recording], warnings: warnings)
        case .cloudLogging:
            let (recordings, deliveries, warnings) = try CloudLoggingImporter.read(data, path: path)
            return Loaded(
                format: format, recordings: recordings, warnings: warnings,
                deliveries: deliveries.isEmpty ? nil : deliveries)
        case .gpx:
            return Loaded(
                format: format,
                recordings: [
                    try GPXImporter.recording(from: data, path: path, tripName: tripName(for: path, provider: "gpx"))
                ], warnings: [])
        case .geoJSON:
            return Loaded(
                format: format,
                recordings: [
                    try GeoJSONImporter.recording(
                        from: data, path: path, tripName: tripName(for: path, provider: "geojson"))
                ], warnings: [])
        }
    }

    /// The format the content looks like, trying the cheap, specific checks first.
    public static func sniff(_ data: Data) -> Format? {
        if TripFileReader.looksLikeTripFile(data) { return .tripFile }
        if GPXImporter.looksLikeGPX(data) { return .gpx }
        if GeoJSONImporter.looksLikeGeoJSON(data) { return .geoJSON }
        if CloudLoggingImporter.looksLikeExport(data) { return .cloudLogging }
        return nil
    }

    /// A trip name for inputs that carry none: `providers/gpx/trips/<file name without extensions>`, with the
    /// characters Fleet Engine forbids in ids replaced.
    static func tripName(for path: String, provider: String) -> TripName {
        var stem = URL(fileURLWithPath: path).lastPathComponent
        while let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        let id = String(
            stem.unicodeScalars.map {
                "/:?,#".unicodeScalars.contains($0) || $0.properties.generalCategory == .control ? "-" : Character($0)
            }
            .prefix(ResourceID.maxLength))
        return (try? TripName(provider: provider, tripID: id.precomposedStringWithCanonicalMapping))
            ?? (try! TripName(provider: provider, tripID: "track"))
    }

    static func readFile(_ path: String) throws(InputError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(path: path, message: "no such file")
        }
        guard !isDirectory.boolValue else { throw InputError(path: path, message: "is a directory, expected a file") }
        // Read through a descriptor, not FileManager's contents(atPath:), which gives nil for a device or pipe
        // (/dev/null, /dev/stdin) and no reason for any failure: the message says what the system said.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw InputError(path: path, message: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw InputError(path: path, message: "cannot read the file: \(error.localizedDescription)")
        }
        guard !data.isEmpty else {
            throw InputError(
                path: path, message: "the file is empty: expected a trip file, a Cloud Logging export, GPX or GeoJSON")
        }
        return data
    }

    /// The one recording a command should use: the only one, or the one `--trip` names (by id or full name).
    public static func select(_ loaded: Loaded, trip: String?, path: String) throws(InputError) -> TripRecording {
        let recordings = loaded.recordings
        let ids = recordings.map(\.tripName.tripID).joined(separator: ", ")
        guard let trip else {
            guard recordings.count == 1, let only = recordings.first else {
                throw InputError(
                    path: path,
                    message: recordings.isEmpty
                        ? (loaded.deliveries == nil
                            ? "no trips in the file"
                            : "no trips in the file: it holds the Deliveries API's calls (delivery vehicles and tasks): "
                                + "`replay --fleet` plays the vans' day, `check` gives a report card per van")
                        : "\(recordings.count) trips in the file (\(ids)): choose one with --trip ID, or see them with --list"
                )
            }
            return only
        }
        let matches = recordings.filter {
            $0.tripName.tripID == trip || $0.tripName.description == trip || $0.tripName.tripID.hasPrefix(trip)
        }
        guard matches.count == 1, let match = matches.first else {
            throw InputError(
                path: path,
                message: matches.isEmpty
                    ? "no trip \"\(trip)\" in the file; it has: \(ids)"
                    : "\"\(trip)\" matches \(matches.count) trips: \(matches.map(\.tripName.tripID).joined(separator: ", "))"
            )
        }
        return match
    }
}
