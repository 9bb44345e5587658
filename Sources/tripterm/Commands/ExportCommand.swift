import ArgumentParser
import FleetModel
import Foundation
import TrackFormats
import TripFollowing
import TripRecordings

/// `tripterm export FILE --to gpx|geojson|trip`: converts any input tripterm reads.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a trip file, Cloud Logging export, GPX or GeoJSON to GPX, GeoJSON or a trip file.",
        discussion: "GPX and GeoJSON open in QGIS, gpxsee or geojson.io; a trip file replays with `tripterm replay`."
    )

    enum Target: String, ExpressibleByArgument, CaseIterable {
        case gpx, geojson, trip
    }

    @Argument(help: "The file to convert.")
    var file: String

    @Option(help: "The output format: gpx, geojson or trip.")
    var to: Target

    @Option(
        name: [.short, .customLong("output")],
        help: "Where to write (default: standard output; required for --to trip).")
    var output: String?

    @Option(help: "The trip to export, by id (or a unique prefix) or full name, when the file holds several.")
    var trip: String?

    func validate() throws {
        if to == .trip && output == nil { throw ValidationError("--to trip needs --output FILE") }
    }

    func run() async throws {
        let loaded = try RecordingLoader.load(path: file)
        for warning in loaded.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
        let recording = try RecordingLoader.select(loaded, trip: trip, path: file)
        let text: String
        switch to {
        case .trip:
            try TripFileWriter.save(recording, to: output ?? "", generator: "tripterm \(TriptermVersion.current)")
            return
        case .gpx: text = GPXWriter.gpx(for: recording)
        case .geojson: text = GeoJSONWriter.geoJSON(for: recording)
        }
        if let output {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw InputError(path: output, message: "cannot write: \(error.localizedDescription)")
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
