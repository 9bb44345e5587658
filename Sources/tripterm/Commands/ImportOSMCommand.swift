import ArgumentParser
import Foundation
import RoadMap

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
        var report = "\(output): \(summary.waysKept) roads (\(map.ways.count) ways, "
        report += "\(map.ways.reduce(0) { $0 + $1.points.count }) points) from \(summary.waysRead) ways and "
        report += "\(summary.nodesRead) nodes, \(size / 1024) KiB, in \(String(format: "%.2f", seconds)) s"
        if summary.missingPoints > 0 { report += "; \(summary.missingPoints) points lay outside the extract" }
        FileHandle.standardError.write(Data((report + "\n").utf8))
    }
}
