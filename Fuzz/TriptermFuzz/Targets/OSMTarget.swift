import FleetModel
import Foundation
import RoadMap

// Road maps from outside: `tripterm import FILE.osm[.gz]` reads OpenStreetMap XML, and `--map FILE` reads the
// road-map files import writes (or anyone hands over).

extension FuzzTarget {
    static let osm = FuzzTarget(name: "osm", summary: "OSMImporter.importFile; the map saved and read back") { data in
        guard let (map, summary) = try? OSMImporter.importFile(path: ScratchFile.holding(data)) else { return }
        invariant(summary.waysKept > 0 && !map.ways.isEmpty, "an imported map without roads")
        checkRoundTrip(RoadMapFile.encode(map))
    }

    static let roadMapFile = FuzzTarget(name: "road-map-file", summary: "RoadMapFile.decode; encode and decode back") {
        data in
        guard let map = try? RoadMapFile.decode(Array(data), path: "fuzz.roadmap") else { return }
        checkRoundTrip(RoadMapFile.encode(map))
    }

    /// A road-map file tripterm wrote reads back, and writing what it read gives the same bytes.
    private static func checkRoundTrip(_ bytes: [UInt8]) {
        do {
            let map = try RoadMapFile.decode(bytes, path: "written.roadmap")
            invariant(RoadMapFile.encode(map) == bytes, "a written road map reads back differently")
        } catch {
            invariant(false, "a written road map does not read back: \(error)")
        }
    }
}
