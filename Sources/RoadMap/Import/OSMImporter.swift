import FleetModel
import TrackFormats

/// Imports the drivable roads of an OpenStreetMap XML extract (`.osm` or `.osm.gz`) into a ``RoadMap``, reading the
/// file as a stream in one pass.
///
/// OSM XML lists every node before the ways that use them, so node coordinates are buffered compactly (16 bytes a
/// node) until the ways arrive; only points of kept ways reach the map. Ways whose nodes are missing from a clipped
/// extract are split at the gaps.
public enum OSMImporter {
    /// What an import found, for the command to report.
    public struct Summary: Sendable, Equatable {
        public var nodesRead = 0
        public var waysRead = 0
        public var waysKept = 0
        /// Points of kept ways that the extract did not contain (clipped at its edge).
        public var missingPoints = 0
    }

    public static func importFile(
        path: String, attribution: String = RoadMap.openStreetMapAttribution
    ) throws(RoadMapError) -> (map: RoadMap, summary: Summary) {
        var file = try RoadMapError.reading { () throws(InputError) in try FileChunkSource(path: path) }
        guard let first = try RoadMapError.reading({ () throws(InputError) in try file.nextChunk() }) else {
            throw RoadMapError(path: path, message: "the file is empty")
        }
        if first.starts(with: RoadMapFile.magic) {
            throw RoadMapError(path: path, message: "this is already a road-map file; import reads OpenStreetMap XML")
        }
        let source = PrefixedChunkSource(prefix: first, base: file)
        if first.starts(with: [0x1F, 0x8B]) {
            let inflated = try RoadMapError.reading { () throws(InputError) in try GzipChunkSource(source, path: path) }
            return try importXML(from: inflated, path: path, attribution: attribution)
        }
        return try importXML(from: source, path: path, attribution: attribution)
    }

    static func importXML<Source: ByteChunkSource>(
        from source: Source, path: String, attribution: String
    ) throws(RoadMapError) -> (map: RoadMap, summary: Summary) {
        var scanner = XMLTagScanner(source: source, path: path)
        var builder = OSMRoadBuilder()
        var summary = Summary()
        var sawRoot = false
        while try scanner.next() {
            if !sawRoot {
                guard scanner.isTag("osm") else {
                    let name = String(decoding: scanner.buffer[scanner.tag.name], as: UTF8.self)
                    throw scanner.error("not an OpenStreetMap XML file (its root element is <\(name)>, not <osm>)")
                }
                sawRoot = true
                continue
            }
            try read(&scanner, into: &builder, summary: &summary)
        }
        guard sawRoot else {
            throw RoadMapError(path: path, message: "not an OpenStreetMap XML file (no <osm> element)")
        }
        summary.nodesRead = builder.nodes.count
        summary.missingPoints = builder.missingPoints
        summary.waysKept = Set(builder.ways.map(\.id)).count
        guard !builder.ways.isEmpty else {
            throw RoadMapError(
                path: path,
                message:
                    "no drivable roads: none of its \(summary.waysRead) ways is a highway=* road with at least 2 known points"
            )
        }
        return (RoadMap(attribution: attribution, ways: builder.ways), summary)
    }

    private static func read<Source>(
        _ scanner: inout XMLTagScanner<Source>, into builder: inout OSMRoadBuilder, summary: inout Summary
    ) throws(RoadMapError) {
        let tag = scanner.tag
        switch tag.kind {
        case .close:
            if scanner.isTag("way") { builder.finishWay() }
        case .open, .empty:
            if scanner.isTag("node") {
                guard let id = scanner.attribute("id").flatMap({ OSMNumbers.int64(scanner.buffer[$0]) }),
                    let latitude = scanner.attribute("lat").flatMap({ OSMNumbers.e7(scanner.buffer[$0]) }),
                    let longitude = scanner.attribute("lon").flatMap({ OSMNumbers.e7(scanner.buffer[$0]) })
                else {
                    throw scanner.error("a <node> without a valid id, lat and lon")
                }
                builder.addNode(id: id, point: E7Point(latitude: latitude, longitude: longitude))
            } else if scanner.isTag("way") {
                guard let id = scanner.attribute("id").flatMap({ OSMNumbers.int64(scanner.buffer[$0]) }) else {
                    throw scanner.error("a <way> without a valid id")
                }
                summary.waysRead += 1
                builder.startWay(id: id)
                if tag.kind == .empty { builder.finishWay() }
            } else if builder.isInWay, scanner.isTag("nd") {
                guard let ref = scanner.attribute("ref").flatMap({ OSMNumbers.int64(scanner.buffer[$0]) }) else {
                    throw scanner.error("an <nd> without a valid ref")
                }
                builder.wayNodes.append(ref)
            } else if builder.isInWay, scanner.isTag("tag") {
                guard let key = scanner.attribute("k"), let value = scanner.attribute("v") else {
                    throw scanner.error("a <tag> without k and v")
                }
                if let wanted = OSMRoadBuilder.WayTag.allCases.first(where: { scanner.bytesEqual(key, $0.key) }) {
                    builder.wayTags[wanted] = scanner.string(value)
                }
            }
        }
    }
}
