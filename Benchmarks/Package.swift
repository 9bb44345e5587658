// swift-tools-version: 6.1
// tripterm's benchmarks, kept out of the root package so that `swift test` there does not build package-benchmark.
// Run them with `make bench` or `cd Benchmarks && swift package benchmark` (docs/PERFORMANCE.md).
import PackageDescription

let package = Package(
    name: "TriptermBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // name: keeps the identity stable whatever the checkout's directory is called.
        .package(name: "tripterm", path: ".."),
        // traits: ["MallocInterposer"] is required on Linux with Swift 6.3 (shared/reference/benchmarking.md).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The gRPC load generator's client (the same versions the root package resolves).
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
        // The city's HTTP/1.1 load generator and its tokens (the same versions the root package resolves).
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
    ],
    targets: [
        // GetTrip over gRPC at many concurrent streams, for scripts/bench-server.sh (a plain executable: wrk has no
        // gRPC, and this measures what a provider's client sees).
        .executableTarget(
            name: "GRPCLoad",
            dependencies: [
                .product(name: "FleetEngineProto", package: "tripterm"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
            ],
            path: "Benchmarks/GRPCLoad"
        ),
        // A city of vehicles reporting and riders polling, open loop, for scripts/bench-city.sh: a plain
        // executable on a lean NIO HTTP/1.1 client, so that it leaves the shared cores to the server.
        .executableTarget(
            name: "CityLoad",
            dependencies: [
                .product(name: "FleetServer", package: "tripterm"),
                .product(name: "FleetModel", package: "tripterm"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            path: "Benchmarks/CityLoad"
        ),
        .executableTarget(
            name: "TripRecordingsBench",
            dependencies: [
                .product(name: "TripRecordings", package: "tripterm"),
                .product(name: "TripDiagnosis", package: "tripterm"),
                .product(name: "TripFollowing", package: "tripterm"),
                .product(name: "FleetModel", package: "tripterm"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TripRecordingsBench",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        .executableTarget(
            name: "RoadMapBench",
            dependencies: [
                .product(name: "RoadMap", package: "tripterm"),
                .product(name: "FleetModel", package: "tripterm"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RoadMapBench",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        .executableTarget(
            name: "MapRenderingBench",
            dependencies: [
                .product(name: "MapRendering", package: "tripterm"),
                .product(name: "FleetModel", package: "tripterm"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/MapRenderingBench",
            exclude: ["monaco-roads.txt", "make_fixture.py"],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        .executableTarget(
            name: "FleetServerBench",
            dependencies: [
                .product(name: "FleetServer", package: "tripterm"),
                .product(name: "RoadMap", package: "tripterm"),
                .product(name: "FleetModel", package: "tripterm"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FleetServerBench",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        .executableTarget(
            name: "FleetScreenBench",
            dependencies: [
                .product(name: "TerminalUI", package: "tripterm"),
                .product(name: "TerminalCore", package: "tripterm"),
                .product(name: "MapRendering", package: "tripterm"),
                .product(name: "TripFollowing", package: "tripterm"),
                .product(name: "FleetModel", package: "tripterm"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FleetScreenBench",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
