import Benchmark
import FleetModel
import FleetServer
import Foundation
import RoadMap

// SearchVehicles over 10,000 vehicles spread over Monaco's roads (docs/server.md, "SearchVehicles"): the grid's
// widening circles, eligibility and ordering by straight line; and with road ETAs, where 2 × count candidates are
// routed with A*.

enum SearchBenchInput {
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
    static let now = ProtoTimestamp(seconds: 1_735_689_600)

    /// The Monaco graph, 10,000 ONLINE vehicles at random points along its road segments (every segment equally
    /// likely, so the fleet is densest where the streets are), and 64 pickups chosen the same way.
    static func make() throws -> (VehicleSearch, RoadGraph, [LatLng]) {
        let graph = RoadGraph(try RoadMapFile.load(path: repositoryRoot.appendingPathComponent(monacoRoadMap).path))
        let roadPoints = graph.map.ways.flatMap { way in zip(way.points, way.points.dropFirst()) }
        var random = SplitMix64(seed: 2026)
        func point() -> LatLng {
            let (a, b) = roadPoints[Int.random(in: 0..<roadPoints.count, using: &random)]
            return Geo.interpolate(a, b, fraction: Double.random(in: 0...1, using: &random))
        }
        let vehicles = (0..<10_000).map { i in
            var v = Vehicle(
                name: "providers/p/vehicles/v\(i)", vehicleState: .online, supportedTripTypes: [.exclusive],
                maximumCapacity: 4, vehicleType: VehicleType(category: .auto))
            var report = VehicleLocation(location: point())
            report.serverTime = now
            v.lastLocation = report
            return v
        }
        let pickups = (0..<64).map { _ in point() }
        return (VehicleSearch(vehicles: vehicles, trips: []), graph, pickups)
    }

    static func request(_ pickup: LatLng, order: VehicleMatchOrder, count: Int32) -> SearchVehiclesRequest {
        SearchVehiclesRequest(
            pickupPoint: TerminalLocation(point: pickup), pickupRadiusMeters: 1_000, count: count,
            minimumCapacity: 1, tripTypes: [.exclusive], vehicleTypes: [VehicleType(category: .auto)], orderBy: order)
    }
}

let benchmarks: @Sendable () -> Void = {
    func configuration(units: BenchmarkTimeUnits) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: units, units: [.mallocCountTotal: .count],
            warmupIterations: 2, maxDuration: .seconds(10), maxIterations: 1_000,
            thresholds: [.wallClock: BenchmarkThresholds(relative: [.p50: 35.0])])
    }
    // One sample is one search, cycling through the pickups, radius 1 km (a third of the fleet lies within it).
    // Straight-line order without a road graph: the grid, the eligibility rules and the sort.
    Benchmark("searchVehicles10kStraight", configuration: configuration(units: .microseconds)) {
        (benchmark: Benchmark, input: (VehicleSearch, RoadGraph, [LatLng])) in
        var index = 0
        for _ in benchmark.scaledIterations {
            let request = SearchBenchInput.request(
                input.2[index % input.2.count], order: .pickupPointStraightDistance, count: 50)
            blackHole(try input.0.search(request, now: SearchBenchInput.now, roads: nil))
            index += 1
        }
    } setup: {
        try SearchBenchInput.make()
    }
    // Pickup ETA order on Monaco's roads: count 25, so 50 candidates are routed with A*.
    Benchmark("searchVehicles10kRoadEta50", configuration: configuration(units: .milliseconds)) {
        (benchmark: Benchmark, input: (VehicleSearch, RoadGraph, [LatLng])) in
        var index = 0
        for _ in benchmark.scaledIterations {
            let request = SearchBenchInput.request(input.2[index % input.2.count], order: .pickupPointEta, count: 25)
            blackHole(try input.0.search(request, now: SearchBenchInput.now, roads: input.1))
            index += 1
        }
    } setup: {
        try SearchBenchInput.make()
    }
}
