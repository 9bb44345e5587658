// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tripterm",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tripterm", targets: ["tripterm"]),
        .library(name: "FleetModel", targets: ["FleetModel"]),
        .library(name: "TripFollowing", targets: ["TripFollowing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "FleetModel"),
        .target(name: "TripFollowing", dependencies: ["FleetModel"]),
        .executableTarget(
            name: "tripterm",
            dependencies: [
                "FleetModel",
                "TripFollowing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FleetModelTests", dependencies: ["FleetModel"]),
        .testTarget(name: "TripFollowingTests", dependencies: ["TripFollowing", "FleetModel"]),
        .testTarget(name: "TriptermTests", dependencies: ["tripterm"]),
    ],
    swiftLanguageModes: [.v6]
)
