// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tripterm",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tripterm", targets: ["tripterm"]),
        .library(name: "FleetModel", targets: ["FleetModel"]),
        .library(name: "TripFollowing", targets: ["TripFollowing"]),
        .library(name: "MapRendering", targets: ["MapRendering"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "FleetModel"),
        .target(name: "MapRendering", dependencies: ["FleetModel"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "TripFollowing", dependencies: ["FleetModel", "CZlib"]),
        .executableTarget(
            name: "tripterm",
            dependencies: [
                "FleetModel",
                "TripFollowing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FleetModelTests", dependencies: ["FleetModel"]),
        .testTarget(
            name: "TripFollowingTests", dependencies: ["TripFollowing", "FleetModel"], resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "MapRenderingTests", dependencies: ["MapRendering", "FleetModel"]),
        .testTarget(name: "TriptermTests", dependencies: ["tripterm"]),
    ],
    swiftLanguageModes: [.v6]
)
