import Benchmark
import FleetModel
import Foundation
import MapRendering
import TerminalCore
import TerminalUI
import TripFollowing

// The fleet screen's frame on a 200 × 60 terminal over Monaco's roads (issue 20's aims: 1,000 vehicles ≤ 1 ms for a
// full redraw, ≤ 0.2 ms when only the vehicles moved; 10,000 vehicles ≤ 5 ms). The roads and the vehicles, placed
// on road points, are read and made before the measured loop.
//
// - fleetFull1k: a new renderer each frame: roads projected and rasterised, vehicles, list, bars;
// - fleetMoved1k: a warm renderer, every vehicle one road point further each frame (the camera stays: the base
//   map's cached frame is reused, the vehicles, list and bars are drawn again);
// - fleetMoved10k: the same with 10,000 vehicles.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 10,
        maxDuration: .seconds(3), maxIterations: 5_000,
        thresholds: [.wallClock: BenchmarkThresholds(relative: [.p50: 35.0])])

    let roads = FleetBenchInputs.roads()
    let size = TerminalSize(width: 200, height: 60)
    let options = TripAppOptions(baseMap: { _ in roads })

    Benchmark("fleetFull1k") { benchmark in
        let screen = FleetBenchInputs.screen(vehicles: 1_000, step: 0, roads: roads)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var renderer = FleetFrameRenderer(options: options)
            blackHole(renderer.render(screen, size: size))
        }
    }

    for count in [1_000, 10_000] {
        Benchmark("fleetMoved\(count / 1_000)k") { benchmark in
            let screens = [0, 1].map { FleetBenchInputs.screen(vehicles: count, step: $0, roads: roads) }
            var renderer = FleetFrameRenderer(options: options)
            blackHole(renderer.render(screens[0], size: size))
            var step = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                step += 1
                blackHole(renderer.render(screens[step & 1], size: size))
            }
        }
    }
}

/// Monaco's roads (the map benchmarks' fixture) and fleets placed on them.
enum FleetBenchInputs {
    static func roads() -> [MapRoad] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MapRenderingBench/monaco-roads.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("cannot read \(url.path)") }
        return text.split(separator: "\n").compactMap { line -> MapRoad? in
            let fields = line.split(separator: " ")
            guard fields.first == "road", fields.count == 3,
                let points = try? GooglePolyline.decode(String(fields[2]), precision: 6)
            else { return nil }
            return MapRoad(points: points, rank: RoadRank(highway: String(fields[1])))
        }
    }

    /// `vehicles` vehicles on road points, each `step` points along its road; a fifth on trips, a tenth offline.
    static func screen(vehicles: Int, step: Int, roads: [MapRoad]) -> FleetScreen {
        let now = ProtoTimestamp(seconds: 1_767_225_600)
        let fleet = (0..<vehicles).map { index -> FleetVehicle in
            let road = roads[index % roads.count].points
            let point = road[(index / roads.count + step) % road.count]
            var vehicle = Vehicle(
                name: "providers/bench/vehicles/v\(index)", vehicleState: index % 10 == 9 ? .offline : .online)
            if index % 5 == 0 { vehicle.currentTrips = ["providers/bench/trips/t\(index)"] }
            vehicle.lastLocation = VehicleLocation(
                location: point, heading: Int32((index * 37 + step * 10) % 360), speed: Double(index % 20),
                updateTime: now + .seconds(-Int64(index % 30)))
            return FleetVehicle(vehicle: vehicle, isStale: false)
        }
        var state = FleetViewState(backendName: "bench", pollInterval: .seconds(5))
        state.take(fleet, at: now)
        var list = FleetList()
        list.selected = fleet.first?.name
        return FleetScreen(state: state, list: list, now: now)
    }
}
