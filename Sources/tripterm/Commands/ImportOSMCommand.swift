import ArgumentParser
import Foundation
import RoadMap
import TripFollowing

/// `tripterm import-osm IN.osm[.gz] -o OUT.roadmap`: turns an OpenStreetMap extract into the road map tripterm
/// draws under trips and routes on.
struct ImportOSMCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-osm",
        abstract: "Import the drivable roads of an OpenStreetMap XML extract (.osm or .osm.gz) into a road-map file.",
        discussion: """
            Keeps highway=* roads for cars (motorway to service, links, living streets) with their class, name, \
            one-way flag and maxspeed. The file is read as a stream, so large extracts need little memory. Extracts \
            come from download.geofabrik.de, extract.bbbike.org or the openstreetmap.org Export button; .osm.pbf \
            files need converting first (osmium cat in.osm.pbf -o out.osm.gz). The map carries the attribution that \
            OpenStreetMap's licence asks for. docs/road-map.md describes the file.
            """
    )

    @Argument(help: "The OpenStreetMap XML file, optionally gzip-compressed.")
    var input: String

    @Option(name: [.short, .customLong("output")], help: "Where to write the road map (e.g. city.roadmap).")
    var output: String

    @Option(help: "The credit stored in the map and shown with it.")
    var attribution: String = RoadMap.openStreetMapAttribution

    func run() async throws {
        let started = Date()
        let (map, summary) = try OSMImporter.importFile(path: input, attribution: attribution)
        try RoadMapFile.save(map, to: output)
        let seconds = Date().timeIntervalSince(started)
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        let points = map.ways.reduce(0) { $0 + $1.points.count }
        var report = "\(output): \(Summary.count(summary.waysKept, "road")) (\(Summary.count(map.ways.count, "way")), "
        report += "\(Summary.count(points, "point"))) from \(Summary.count(summary.waysRead, "way")) and "
        report += "\(Summary.count(summary.nodesRead, "node")), \(size / 1024) KiB, "
        report += "in \(String(format: "%.2f", seconds)) s"
        if summary.missingPoints > 0 {
            report += "; \(Summary.count(summary.missingPoints, "point")) lay outside the extract"
        }
        FileHandle.standardError.write(Data((report + "\n").utf8))
    }
}
