import FleetModel
import Foundation
import TrackFormats

extension RecordingLoader {
    /// Opens a Cloud Logging export (gzip-compressed or not) as a whole fleet, for `replay --fleet`. Only exports
    /// hold more than one vehicle's own reports, so any other input is refused, naming what it looks like.
    public static func loadFleet(path: String) throws(InputError) -> (fleet: FleetRecording, warnings: [InputWarning]) {
        try loadFleet(data: try readFile(path), path: path)
    }

    public static func loadFleet(
        data raw: Data, path: String
    ) throws(InputError) -> (fleet: FleetRecording, warnings: [InputWarning]) {
        let data = Gzip.isCompressed(raw) ? try Gzip.decompress(raw, path: path) : raw
        switch sniff(data) {
        case .cloudLogging:
            return try CloudLoggingImporter.fleet(from: data, path: path)
        case let format?:
            let what =
                switch format {
                case .tripFile: "a trip file (one trip)"
                case .gpx: "a GPX track"
                case .geoJSON: "a GeoJSON track"
                case .cloudLogging: "an export"
                }
            throw InputError(
                path: path,
                message: "\(what), not a Cloud Logging export: --fleet replays the vehicles of a Fleet Engine export")
        case nil:
            throw InputError(
                path: path, message: "unknown format: --fleet replays a Fleet Engine Cloud Logging export (.json)")
        }
    }
}
