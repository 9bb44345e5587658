import FleetModel
import Foundation
import Logging
import RoadMap

/// Everything `tripterm serve` can be told: where to listen, where the data lives, which keys verify tokens.
public struct FleetServerConfiguration: Sendable {
    public static let defaultPort = 8787

    /// Address to bind; loopback by default, since the server is for development.
    public var host: String
    /// Port; 0 picks a free one (reported through `onListening`).
    public var port: Int
    /// Directory for the server key (and the database unless `databasePath` is set).
    public var dataDirectory: URL
    /// SQLite database file; `<dataDirectory>/fleet.sqlite` by default.
    public var databasePath: String?
    /// A JWKS file whose keys verify tokens instead of the local server key.
    public var jwksPath: String?
    /// Largest request body accepted; bigger ones get 413 (gRPC: RESOURCE_EXHAUSTED).
    public var maxBodyBytes: Int
    /// TLS and the connection limits (``ConnectionPolicy``), for both protocols.
    public var connections = ConnectionPolicy()
    public var logger: Logger
    /// Called once the socket is bound, with the real port.
    public var onListening: @Sendable (_ host: String, _ port: Int) async -> Void
    /// The server's clock (tests move it to check token times).
    public var clock: @Sendable () -> Date
    /// Answer polls whose answer is cached on the connection's event loop (``CachedAnswerHandler``); off, every
    /// request goes through Hummingbird, to compare the two.
    public var answersPollsOnEventLoop = true
    /// With the above, answer a poll that repeats the connection's last cached one byte for byte before the HTTP
    /// codec parses it (``RepeatedPollHandler``); off, every poll is parsed, to compare the two.
    public var answersRepeatedPollsUnparsed = true
    /// The road network SearchVehicles routes on for ETAs and distances (`serve --map`, the bundled Monaco map by
    /// default); nil: straight lines, which each match's `orderedBy` says.
    public var roads: RoadGraph?
    /// What GetTaskTrackingInfo does with an element a task gives no visibility rule (``TaskVisibility``); nil
    /// shows it.
    public var defaultTaskVisibility: TaskTrackingViewConfig.VisibilityOption?
    /// Events to record and send (`serve --events-url`, `--geofence`…); nil records none.
    public var events: EventConfiguration?
    /// Write every call answered as a Cloud Logging entry to this file (`serve --log-export`, ``CallLogExport``).
    public var logExport: CallLogExport.Options?

    public init(
        host: String = "127.0.0.1", port: Int = defaultPort, dataDirectory: URL = DataDirectory.default(),
        databasePath: String? = nil, jwksPath: String? = nil, maxBodyBytes: Int = 1 << 20,
        logger: Logger = Logger(label: "tripterm.serve"),
        onListening: @escaping @Sendable (String, Int) async -> Void = { _, _ in },
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.databasePath = databasePath
        self.jwksPath = jwksPath
        self.maxBodyBytes = maxBodyBytes
        self.logger = logger
        self.onListening = onListening
        self.clock = clock
    }

    /// The database file in use.
    public var resolvedDatabasePath: String {
        databasePath ?? dataDirectory.appendingPathComponent("fleet.sqlite").path
    }
}

/// tripterm's data directory: `$XDG_DATA_HOME/tripterm`, else `~/.local/share/tripterm`.
public enum DataDirectory {
    public static func `default`(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("tripterm")
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/tripterm")
    }
}

extension FleetServerConfiguration {
    /// Where `serve` and `token` keep the server key: `--data-dir` when given, else beside `--db` when given
    /// (so a throwaway database gets a throwaway key), else the default data directory.
    public static func dataDirectory(databasePath: String?, dataDirectory: String?) -> URL {
        if let dataDirectory { return URL(fileURLWithPath: dataDirectory) }
        if let databasePath { return URL(fileURLWithPath: databasePath).deletingLastPathComponent() }
        return DataDirectory.default()
    }
}
