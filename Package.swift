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
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "FleetModel"),
        .target(name: "MapRendering", dependencies: ["FleetModel"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "TripFollowing", dependencies: ["FleetModel", "CZlib"]),
        // No pkgConfig: "ncursesw" on purpose: its cflags (-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600) are prohibited
        // flags that SwiftPM drops with a warning on every build. The module map links ncursesw (its .so is a
        // linker script that adds tinfo) and shim.h defines NCURSES_WIDECHAR itself.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "TerminalUI", dependencies: ["MapRendering", "CNcursesw"]),
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
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "MapRendering"]),
        .testTarget(name: "TriptermTests", dependencies: ["tripterm"]),
    ],
    swiftLanguageModes: [.v6]
)
