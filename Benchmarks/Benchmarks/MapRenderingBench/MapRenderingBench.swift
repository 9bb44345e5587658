import Benchmark
import FleetModel
import MapRendering

// Frame composition of the map pane at 200 × 60 cells (docs/PERFORMANCE.md, "Map rendering"): a 2,000-point route
// with trail, traffic and all markers, without and with Monaco's roads. Inputs are made before the measured loop.
//
// - full: a new renderer each time, so everything is done: projection, rasters, composition, overlay;
// - pan: a warm renderer on a viewport one cell away from the last (projections cached, every raster redrawn);
// - vehicle: only the vehicle moved (the cached layers are reused; only the overlay is redrawn).
//
// pan and vehicle render 1,000 frames a sample (`scalingFactor: .kilo`) after one untimed frame that fills the
// caches; run with `--scale` to read their rows per frame.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 10,
        maxDuration: .seconds(3), maxIterations: 5_000,
        thresholds: [
            .wallClock: BenchmarkThresholds(relative: [.p50: 35.0]),
            .mallocCountTotal: BenchmarkThresholds(relative: [.p25: 0.01, .p50: 0.01, .p75: 0.01]),
        ])

    var warm = Benchmark.defaultConfiguration
    warm.scalingFactor = .kilo
    warm.warmupIterations = 1
    warm.maxDuration = .seconds(10)

    let inputs = MapBenchInputs.load()
    for withRoads in [false, true] {
        let suffix = withRoads ? "Roads" : ""
        let scene = inputs.tripScene(withRoads: withRoads)
        let viewport = inputs.viewport()
        let nudged = viewport.panned(columns: 1, rows: 0)

        Benchmark("mapFull\(suffix)") { benchmark in
            for _ in benchmark.scaledIterations {
                var renderer = MapRenderer()
                blackHole(renderer.render(scene: scene, viewport: viewport))
            }
        }

        Benchmark("mapPan\(suffix)", configuration: warm) { benchmark in
            var renderer = MapRenderer()
            blackHole(renderer.render(scene: scene, viewport: viewport))
            var flip = false
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                flip.toggle()
                blackHole(renderer.render(scene: scene, viewport: flip ? nudged : viewport))
            }
        }

        Benchmark("mapVehicle\(suffix)", configuration: warm) { benchmark in
            var renderer = MapRenderer()
            var moving = scene
            blackHole(renderer.render(scene: moving, viewport: viewport))
            let positions = [inputs.route[0], inputs.route[1]]
            var step = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                step += 1
                moving.vehicle = MapVehicle(position: positions[step & 1], heading: Double(step % 360))
                blackHole(renderer.render(scene: moving, viewport: viewport))
            }
        }
    }
}
