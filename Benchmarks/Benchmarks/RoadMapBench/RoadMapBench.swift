import Benchmark
import FleetModel
import Foundation
import RoadMap

// Benchmarks of importing OpenStreetMap extracts and of snapping and routing on a road map (docs/PERFORMANCE.md,
// "Road map"). Inputs are the shared OSM extracts beside the checkout and the committed Monaco road map.

/// Where the inputs live, found from this file's path so that the benchmarks run from any directory.
enum RoadBenchPaths {
    static let repositoryRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(monacoRoadMap).path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("cannot find \(monacoRoadMap) above \(#filePath)")
    }()

    static let monacoRoadMap = "Assets/maps/monaco.roadmap"

    /// An extract from the shared data beside the checkout (`../shared/data/osm`), if it is there.
    static func sharedExtract(_ name: String) -> String? {
        let url = repositoryRoot.appendingPathComponent("../shared/data/osm/\(name)").standardizedFileURL
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }
}

/// `count` start and end points spread over the map's box on a fixed pattern, the same on every run.
func queryPairs(in box: GeoBox, count: Int) -> [(LatLng, LatLng)] {
    func point(_ index: Int, _ salt: Int) -> LatLng {
        // A low-discrepancy walk (golden-ratio steps) over the box.
        let u = (Double(index * 2 + salt) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
        let v = (Double(index * 2 + salt) * 0.754_877_666_25).truncatingRemainder(dividingBy: 1)
        return LatLng(
            latitude: box.minLatitude + u * (box.maxLatitude - box.minLatitude),
            longitude: box.minLongitude + v * (box.maxLongitude - box.minLongitude)
        )
    }
    return (0..<count).map { (point($0, 0), point($0, 1)) }
}

/// The Monaco graph and the points the query benchmarks cycle through.
struct QueryInput {
    var graph: RoadGraph
    var pairs: [(LatLng, LatLng)]

    /// 256 pairs that have a route: points off Monaco snap to roads cut at the extract's edge, and a one-way road
    /// that leaves the extract has no way back, so about a third of the raw pairs have none.
    static func monaco(_ path: String) throws -> QueryInput {
        let graph = RoadGraph(try RoadMapFile.load(path: path))
        let candidates = queryPairs(in: graph.map.bounds!, count: 2_048)
        let pairs = candidates.filter { graph.route(from: $0.0, to: $0.1) != nil }.prefix(256)
        precondition(pairs.count == 256, "only \(pairs.count) routable pairs")
        return QueryInput(graph: graph, pairs: Array(pairs))
    }
}

let benchmarks: @Sendable () -> Void = {
    // Thresholds loose for time on 2 shared cores, nearly exact for allocations (as TripRecordingsBench).
    func configuration(maxDuration: Duration, maxIterations: Int, units: BenchmarkTimeUnits) -> Benchmark.Configuration
    {
        .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: units,
            units: [.mallocCountTotal: .count, .throughput: .count],
            warmupIterations: 1, maxDuration: maxDuration, maxIterations: maxIterations,
            thresholds: [
                .wallClock: BenchmarkThresholds(relative: [.p50: 35.0]),
                .throughput: BenchmarkThresholds(relative: [.p50: 35.0]),
                .mallocCountTotal: BenchmarkThresholds(relative: [.p25: 0.01, .p50: 0.01, .p75: 0.01]),
            ])
    }
    let importConfiguration = configuration(maxDuration: .seconds(10), maxIterations: 20, units: .milliseconds)
    // One sample is 1,000 queries cycling through 256 inputs (a counter inside the closure starts again every
    // sample); times are per query, and throughput is queries per second.
    var queryConfiguration = configuration(maxDuration: .seconds(5), maxIterations: 10_000, units: .microseconds)
    queryConfiguration.scalingFactor = .kilo

    // 1. Importing whole extracts from disk: gunzip, scan, keep the roads (one sample = one file).
    for name in ["campo-grande.osm.gz", "monaco.osm.gz"] {
        guard let path = RoadBenchPaths.sharedExtract(name) else { continue }
        let label = name == "monaco.osm.gz" ? "importMonaco" : "importCampoGrande"
        Benchmark(label, configuration: importConfiguration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try OSMImporter.importFile(path: path)) }
        }
    }

    let mapPath = RoadBenchPaths.repositoryRoot.appendingPathComponent(RoadBenchPaths.monacoRoadMap).path

    // 2. Loading the Monaco road map and building its graph and index (one sample = one load or build).
    let buildConfiguration = configuration(maxDuration: .seconds(5), maxIterations: 10_000, units: .microseconds)
    Benchmark("loadMonacoRoadMap", configuration: buildConfiguration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try RoadMapFile.load(path: mapPath)) }
    }
    Benchmark("buildMonacoGraph", configuration: buildConfiguration) { (benchmark: Benchmark, map: RoadMap) in
        for _ in benchmark.scaledIterations { blackHole(RoadGraph(map)) }
    } setup: {
        try RoadMapFile.load(path: mapPath)
    }

    // 3. Queries on Monaco.
    Benchmark("monacoRoute", configuration: queryConfiguration) { (benchmark: Benchmark, input: QueryInput) in
        var index = 0
        for _ in benchmark.scaledIterations {
            let (from, to) = input.pairs[index % input.pairs.count]
            blackHole(input.graph.route(from: from, to: to))
            index += 1
        }
    } setup: {
        try QueryInput.monaco(mapPath)
    }
    Benchmark("monacoNearest", configuration: queryConfiguration) { (benchmark: Benchmark, input: QueryInput) in
        var index = 0
        for _ in benchmark.scaledIterations {
            blackHole(input.graph.nearest(to: input.pairs[index % input.pairs.count].0))
            index += 1
        }
    } setup: {
        try QueryInput.monaco(mapPath)
    }
    Benchmark("monacoWaysInView", configuration: queryConfiguration) { (benchmark: Benchmark, input: QueryInput) in
        // A 500 m × 400 m view, about a terminal's map pane at street zoom, moved around the map.
        var index = 0
        for _ in benchmark.scaledIterations {
            let centre = input.pairs[index % input.pairs.count].0
            let box = GeoBox(
                minLatitude: centre.latitude - 0.0018, minLongitude: centre.longitude - 0.0031,
                maxLatitude: centre.latitude + 0.0018, maxLongitude: centre.longitude + 0.0031)
            blackHole(input.graph.wayIndices(intersecting: box))
            index += 1
        }
    } setup: {
        try QueryInput.monaco(mapPath)
    }
}
