// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tripterm",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tripterm", targets: ["tripterm"]),
        .library(name: "ProtoJSONKit", targets: ["ProtoJSONKit"]),
        .library(name: "FleetModel", targets: ["FleetModel"]),
        .library(name: "TripFollowing", targets: ["TripFollowing"]),
        .library(name: "TripRecordings", targets: ["TripRecordings"]),
        .library(name: "TrackFormats", targets: ["TrackFormats"]),
        .library(name: "TerminalCore", targets: ["TerminalCore"]),
        .library(name: "MapRendering", targets: ["MapRendering"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "FleetClient", targets: ["FleetClient"]),
        .library(name: "FleetServer", targets: ["FleetServer"]),
        .library(name: "FleetEvents", targets: ["FleetEvents"]),
        .library(name: "RoadMap", targets: ["RoadMap"]),
        .library(name: "DriverKit", targets: ["DriverKit"]),
        .library(name: "TripDiagnosis", targets: ["TripDiagnosis"]),
        .library(name: "FleetEngineProto", targets: ["FleetEngineProto"]),
        .library(name: "FleetServerGRPC", targets: ["FleetServerGRPC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // Already dependencies of Hummingbird; named here because FleetServer imports HTTPTypes and NIOHTTPTypes.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Already a dependency of jwt-kit; named here for `_RSA.Signing.PrivateKey(keySize:)` (server key generation).
        .package(url: "https://github.com/apple/swift-crypto.git", "4.1.0"..<"6.0.0"),
        // Fleet Engine's gRPC surface (issue 21): grpc-swift 2, its HTTP/2 transport, and protobuf messages.
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        // Already a dependency of Hummingbird and grpc-swift; named here because `serve` runs REST and gRPC as one
        // ServiceGroup.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // Child processes without blocking a thread: the token command, and the tests' servers, tmux and gpsfake
        // (reaped through a pidfd, pipes read through epoll, no descriptor leaked to another child). SystemPackage
        // is its FilePath, already a dependency of swift-nio.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        // The profiles' config file (~/.config/tripterm/config.toml): a TOML 1.0 parser (toml++) with error positions.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The proto3 JSON engine — tape, stream, number parsing, readers and writers, the well-known types — that
        // knows no Fleet Engine message. Cross-module optimization in release: FleetModel's generated
        // `init(fields:)`/`writeFields(to:)` call its generic readers and writers per field, which run specialized
        // only when their bodies are visible to FleetModel.
        .target(
            name: "ProtoJSONKit",
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        // Fleet Engine's messages and enums (Generated/, from Protos/ by scripts/generate-protos.sh), read and written
        // by ProtoJSONKit (re-exported), and what is not schema: names, geo maths, polylines, status classes.
        .target(name: "FleetModel", dependencies: ["ProtoJSONKit"]),
        // tripterm's own code generator: FleetModel's types and their swift-protobuf conversions from the descriptor
        // set of Protos/. Run by scripts/generate-protos.sh (protocodegen) and by the drift test; no build runs it.
        .target(
            name: "ProtoCodegen",
            dependencies: [
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "SwiftProtobufPluginLibrary", package: "swift-protobuf"),
            ]
        ),
        .executableTarget(
            name: "protocodegen",
            dependencies: ["ProtoCodegen", .product(name: "SwiftProtobuf", package: "swift-protobuf")]
        ),
        // Cells with display widths, the cell buffer, rectangles, layout and the widget protocol: what frames are
        // made of, below both the map and the terminal. No ncurses and no dependencies.
        .target(name: "TerminalCore"),
        .target(name: "MapRendering", dependencies: ["FleetModel", "TerminalCore"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // One Fleet Engine REST client (trips and vehicles) and the token providers, for rider and driver alike, and
        // the trip model's backend over it.
        .target(
            name: "FleetClient",
            dependencies: [
                "FleetModel", "TripFollowing",
                // `tripterm events`: the events endpoint's page.
                "FleetEvents",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Only to classify transport failures (refused, reset, DNS, TLS) by their NIO error types.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // Locks ThreadSanitizer can see (docs/TESTING.md), also in DriverKit, FleetServer and TestSupport.
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // The token command's child process.
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The trip model every follower needs: TripModel, the backend protocol, subscribers, the virtual clock. No
        // HTTP: the Fleet Engine backend lives in FleetClient, so code that only reads files never links a client.
        .target(
            name: "TripFollowing",
            dependencies: [
                "FleetModel", "FleetEvents",
                // Locks ThreadSanitizer can see (Synchronization's Mutex it cannot: docs/TESTING.md).
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // Track formats read and written by both sides: GPX, NMEA, GeoJSON tracks, gzip, the XML encoding guard.
        .target(name: "TrackFormats", dependencies: ["FleetModel", "CZlib"]),
        // Recordings: trip files, importers (Cloud Logging, GPX, GeoJSON), writers, and replay as a trip backend.
        .target(
            name: "TripRecordings",
            dependencies: [
                "FleetModel", "TripFollowing", "TrackFormats",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // `tripterm check`: report cards and anomaly detectors over recordings. No HTTP, no terminal.
        .target(name: "TripDiagnosis", dependencies: ["FleetModel", "TripFollowing", "TripRecordings", "FleetEvents"]),
        // Road maps imported from OpenStreetMap: the base map under a trip, snapping and routing.
        .target(name: "RoadMap", dependencies: ["FleetModel", "TrackFormats", "CZlib"]),
        // The driver side: the Driver SDK's vehicle reporter, location sources (simulated, GPX, NMEA, gpsd), navigation.
        .target(
            name: "DriverKit",
            dependencies: [
                "FleetModel", "FleetClient", "RoadMap", "TrackFormats", "TripFollowing",
                .product(name: "Logging", package: "swift-log"),
                // Only for the gpsd TCP connection.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // Fleet events (issue 32): their kinds and payload, geofences (WKT), and the detectors — pure functions of a
        // resource before and after a change — that the server runs in each write and `check` can run on recordings.
        .target(name: "FleetEvents", dependencies: ["FleetModel"]),
        // `tripterm serve`: the local Fleet Engine–compatible REST server (JWT, SQLite).
        .target(
            name: "FleetServer",
            dependencies: [
                "FleetModel",
                // The outbox's detectors; the webhooks are POSTed with AsyncHTTPClient, beside the server as a
                // ServiceLifecycle service.
                "FleetEvents",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // SearchVehicles' road ETAs: A* over the bundled or `--map` road graph.
                "RoadMap",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // The channel handlers that answer cached polls on the event loop.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // `serve --tls-cert`: TLS in front of the fast path, HTTP/2 when a client offers it by ALPN.
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
            ]
        ),
        // Fleet Engine v1's gRPC messages and service stubs, and their field-by-field conversions to FleetModel's
        // types, generated from Protos/ by scripts/generate-protos.sh and committed, so no build runs protoc.
        // Generated/ is kept out of swift format.
        .target(
            name: "FleetEngineProto",
            dependencies: [
                "FleetModel",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // `tripterm serve`'s gRPC side: TripService and VehicleService over HTTP/2, adapters onto FleetServer's methods.
        .target(
            name: "FleetServerGRPC",
            dependencies: [
                "FleetModel", "FleetServer", "FleetEngineProto",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                // The connection limits' hooks into the transport's channels (after its TLS handler, if any).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // What the tests share: loopback fault injection (a raw HTTP server and a fault-injecting proxy), trip
        // fixtures and the subscriber event log. A library, not a test target, because several test targets share it;
        // only test targets depend on it, so nothing in it ships.
        .target(
            name: "TestSupport",
            dependencies: [
                "FleetModel",
                "FleetEvents",
                "FleetClient",
                "FleetServer",
                "TripFollowing",
                "TerminalCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // The tests' child processes: servers, replays, gpsfake.
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // No pkgConfig: "ncursesw" on purpose: its cflags (-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600) are prohibited
        // flags that SwiftPM drops with a warning on every build. The module map links ncursesw (its .so is a
        // linker script that adds tinfo) and shim.h defines NCURSES_WIDECHAR itself.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncursesw5-dev"])]),
        .target(
            name: "TerminalUI",
            dependencies: [
                "TerminalCore", "MapRendering", "CNcursesw", "TripFollowing", "TripRecordings", "TripDiagnosis",
                "DriverKit", "FleetModel", "FleetEvents",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // Profiles: the config file's named sets of options, checked against the commands' own declarations and
        // merged under the flags a command was given. No ArgumentParser: it reads the commands' declarations as data.
        .target(
            name: "CommandProfiles", dependencies: ["FleetEvents", .product(name: "TOMLKit", package: "TOMLKit")]),
        .executableTarget(
            name: "tripterm",
            dependencies: [
                "CommandProfiles",
                "FleetModel",
                "TripFollowing",
                "TripRecordings",
                "TrackFormats",
                "FleetClient",
                "FleetServer",
                "FleetServerGRPC",
                "MapRendering",
                "TerminalUI",
                "RoadMap",
                "DriverKit",
                "TripDiagnosis",
                "FleetEvents",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // `serve`'s REST and gRPC servers as one ServiceGroup.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Release on Linux: the Swift runtime and Foundation linked in (`-static-stdlib`) rather than loaded as a
            // dozen shared libraries whose relocation and symbol lookups touch their pages; lld, which needs no archive
            // order and packs relative relocations (RELR, glibc 2.36); no dynamic export of every symbol (the static
            // stdlib's default), whose tables the loader hashes into on each lookup. The rider at rest: 43.5 → 34.3 MB
            // (docs/PERFORMANCE.md, "The rider at rest"). Test products link the shared Testing and XCTest, so
            // `swift build -c release --build-tests` cannot link with these flags; nothing builds release tests.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                        "-Xlinker", "--no-export-dynamic",
                        // The static Foundation's own dependencies, which SwiftPM's link does not name.
                        "-lFoundation", "-lFoundationEssentials", "-lFoundationInternationalization", "-lFoundationXML",
                        "-lCoreFoundation", "-l_FoundationCShims", "-l_FoundationCollections", "-l_FoundationICU",
                        "-l_CFXMLInterface", "-lxml2", "-lswiftSynchronization", "-lswift_RegexParser",
                        "-lswift_StringProcessing", "-lswiftDispatch", "-ldispatch", "-lBlocksRuntime", "-lstdc++",
                    ], .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // FleetModel only for its seeded generator (SplitMix64), which the number tests draw from.
        .testTarget(name: "ProtoJSONKitTests", dependencies: ["ProtoJSONKit", "FleetModel"]),
        .testTarget(name: "FleetModelTests", dependencies: ["FleetModel", "ProtoJSONKit"]),
        .testTarget(name: "FleetEventsTests", dependencies: ["FleetEvents", "FleetModel"]),
        // The drift check: the committed generated code is what the generator makes of the committed descriptor set,
        // and that set is what protoc makes of Protos/ (where protoc is installed).
        .testTarget(
            name: "ProtoCodegenTests",
            dependencies: ["ProtoCodegen", "TestSupport", .product(name: "SwiftProtobuf", package: "swift-protobuf")]
        ),
        .testTarget(name: "TrackFormatsTests", dependencies: ["TrackFormats", "FleetModel"]),
        .testTarget(
            name: "TripFollowingTests",
            dependencies: [
                "TripFollowing", "FleetModel", "FleetEvents", "TestSupport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TripRecordingsTests",
            dependencies: [
                "TripRecordings", "TripFollowing", "TrackFormats", "FleetModel", "TestSupport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // Golden report cards are read through #filePath, not as resources.
        .testTarget(
            name: "TripDiagnosisTests",
            dependencies: ["TripDiagnosis", "TripRecordings", "FleetModel", "FleetEvents", "TestSupport"],
            exclude: ["Golden", "Fixtures"]
        ),
        // Golden frames are read through #filePath, not as resources.
        .testTarget(name: "TerminalCoreTests", dependencies: ["TerminalCore"]),
        .testTarget(
            name: "MapRenderingTests", dependencies: ["MapRendering", "TerminalCore", "FleetModel", "TestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "TerminalCore", "MapRendering", "TripFollowing", "TripRecordings", "TripDiagnosis",
                "FleetModel", "FleetEvents", "TestSupport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            // Golden screens are read through #filePath, not as resources.
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "FleetClientTests",
            dependencies: [
                "FleetClient", "FleetModel", "FleetEvents", "TripFollowing", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "FleetServerTests",
            dependencies: [
                "FleetServer", "FleetModel", "TestSupport", "RoadMap", "FleetEvents",
                // GroupCommitTests break a batch's commit with SQL of their own.
                .product(name: "GRDB", package: "GRDB.swift"),
                // WebhookLaneTests drive one receiver's deliveries with a client of their own.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // RequestTaskTests call a connection's responder as Hummingbird's HTTP/1.1 channel does.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                // Hummingbird's request contexts need a channel; the middleware tests give them an embedded one.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "RoadMapTests", dependencies: ["RoadMap", "FleetModel", "TestSupport", "CZlib"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "DriverKitTests",
            dependencies: [
                "DriverKit", "FleetModel", "FleetClient", "FleetServer", "RoadMap", "TripFollowing", "TrackFormats",
                "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            // Fixtures are read through #filePath, not as resources.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FleetEngineProtoTests",
            dependencies: [
                "FleetEngineProto", "FleetModel", "TestSupport",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                // The stubs' loopback test runs them over the HTTP/2 transport the server will use.
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        .testTarget(
            name: "FleetServerGRPCTests",
            dependencies: [
                "FleetServerGRPC", "FleetServer", "FleetEngineProto", "FleetModel", "TestSupport",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "CommandProfilesTests", dependencies: ["CommandProfiles", "FleetEvents"]),
        .testTarget(
            name: "TriptermTests",
            dependencies: [
                "tripterm", "TestSupport", "FleetClient", "FleetModel", "MapRendering", "TerminalUI",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // TmuxSession's tmux clients.
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets (Fuzz/, docs/TESTING.md) exist only when TRIPTERM_FUZZ_RUNTIME names libFuzzer's no-main
// runtime, as `make fuzz` and `make sanitize` set it: plain `swift build` and `swift test` never build them, and
// they share the ASan scratch path (.build-asan) with the sanitized tests instead of building the stack once more.
if let fuzzerRuntime = Context.environment["TRIPTERM_FUZZ_RUNTIME"] {
    package.targets += [
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(
            name: "tripterm-fuzz",
            dependencies: [
                "CLibFuzzer", "FleetModel", "TripFollowing", "TripRecordings", "TrackFormats", "DriverKit", "RoadMap",
                "FleetServer", "FleetServerGRPC", "FleetEngineProto",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Fuzz/TriptermFuzz",
            // libFuzzer is C++: its runtime needs the C++ library, which Swift programs do not link by default.
            linkerSettings: [.unsafeFlags([fuzzerRuntime, "-lstdc++"])]
        ),
    ]
}
