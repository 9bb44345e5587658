import Benchmark
import FleetModel
import FleetServer
import Foundation
import RoadMap

// SearchVehicles over 10,000 vehicles spread over Monaco's roads (docs/server.md, "SearchVehicles"): the grid's
// widening circles, eligibility and ordering by straight line; and with road ETAs, where 2 × count candidates are
// routed with A*; and the method as the server runs it, on a SQLite store, from its live index.

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
                maximumCapacity: 4, vehicleType: Vehicle.VehicleType(category: .auto))
            var report = VehicleLocation(location: point())
            report.serverTime = now
            v.lastLocation = report
            return v
        }
        let pickups = (0..<64).map { _ in point() }
        return (VehicleSearch(vehicles: vehicles, trips: []), graph, pickups)
    }

    /// The same fleet in a throwaway SQLite store (one transaction), with the search index built by a first search.
    static func makeStore() async throws -> (FleetMethods, [LatLng]) {
        let (search, _, pickups) = try make()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("search-bench-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try FleetStore(path: directory.appendingPathComponent("fleet.sqlite").path)
        let vehicles = search.allVehicles
        try await store.write { tx in
            for vehicle in vehicles { _ = try tx.insert(vehicle, as: try VehicleName(parsing: vehicle.name)) }
        }
        let methods = FleetMethods(store: store)
        _ = try await methods.searchVehicles(
            request(pickups[0], order: .pickupPointStraightDistance, count: 50),
            principal: Principal(tripID: "*", vehicleID: "*"), now: now)
        return (methods, pickups)
    }

    static func request(
        _ pickup: LatLng, order: SearchVehiclesRequest.VehicleMatchOrder, count: Int32
    ) -> SearchVehiclesRequest {
        var request = SearchVehiclesRequest(
            pickupPoint: TerminalLocation(point: pickup), pickupRadiusMeters: 1_000, count: count,
            minimumCapacity: 1, tripTypes: [.exclusive], vehicleTypes: [Vehicle.VehicleType(category: .auto)],
            orderBy: order)
        request.parent = "providers/p"
        return request
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
    // The method as a server answers it: authorization, validation, the provider's live index (no row read, no JSON
    // decoded), the search; straight-line order, count 50.
    Benchmark("searchVehicles10kMethodStraight", configuration: configuration(units: .microseconds)) {
        (benchmark: Benchmark, input: (FleetMethods, [LatLng])) in
        var index = 0
        for _ in benchmark.scaledIterations {
            let request = SearchBenchInput.request(
                input.1[index % input.1.count], order: .pickupPointStraightDistance, count: 50)
            blackHole(
                try await input.0.searchVehicles(
                    request, principal: Principal(tripID: "*", vehicleID: "*"), now: SearchBenchInput.now))
            index += 1
        }
    } setup: {
        try await SearchBenchInput.makeStore()
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
