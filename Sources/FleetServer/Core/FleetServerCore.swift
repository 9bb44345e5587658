import FleetModel
import Foundation
import RoadMap

/// What every protocol of one server answers from: the store, the token verifier, the clock, the road map and the
/// default task visibility. REST
/// (``FleetServer/buildApplication(configuration:core:)``) and gRPC (the FleetServerGRPC module) are built on the
/// same core, so a trip written over one is read over the other, and a token verified by one is cached for both.
public struct FleetServerCore: Sendable {
    public let store: FleetStore
    public let authenticator: Authenticator
    public let clock: @Sendable () -> Date
    public let roads: RoadGraph?
    public let defaultTaskVisibility: TaskTrackingViewConfig.VisibilityOption?
    /// Where every call is written as a Cloud Logging entry (`serve --log-export`); nil when nowhere. Whoever runs
    /// the server finishes it when the server has stopped (``CallLogExport/finish()``).
    public let callLog: CallLogExport?
    /// Delivery legs estimated so far, for every request's ``FleetMethods``.
    let legMemo = LegMemo()

    public init(
        store: FleetStore, authenticator: Authenticator, clock: @escaping @Sendable () -> Date = { Date() },
        roads: RoadGraph? = nil, defaultTaskVisibility: TaskTrackingViewConfig.VisibilityOption? = nil,
        callLog: CallLogExport? = nil
    ) {
        self.store = store
        self.authenticator = authenticator
        self.clock = clock
        self.roads = roads
        self.defaultTaskVisibility = defaultTaskVisibility
        self.callLog = callLog
    }

    /// Loads the keys that verify tokens, then opens (or creates) the configuration's database: a refused key
    /// leaves no new database behind.
    public static func open(configuration: FleetServerConfiguration) async throws -> FleetServerCore {
        let keys = try await FleetServer.verificationKeys(configuration)
        let databasePath = configuration.resolvedDatabasePath
        let directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
        let store: FleetStore
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            store = try FleetStore(
                path: databasePath, events: configuration.events, clock: configuration.clock,
                logger: configuration.logger)
        } catch {
            throw FleetServerSetupError(
                "cannot open the database \(databasePath): \(FleetServer.describe(error))")
        }
        // Before serving: a receiver's progress starts here, so no write can fall before it.
        if let urls = configuration.events?.urls, !urls.isEmpty {
            try await store.write { tx in for url in urls { _ = try tx.deliveryProgress(url) } }
        }
        let callLog = try configuration.logExport.map { options throws(FleetServerSetupError) in
            try CallLogExport(options: options, logger: configuration.logger, clock: configuration.clock)
        }
        return FleetServerCore(
            store: store, authenticator: Authenticator(keys: keys), clock: configuration.clock,
            roads: configuration.roads, defaultTaskVisibility: configuration.defaultTaskVisibility, callLog: callLog)
    }

    /// Fleet Engine's methods over this core's store and roads.
    public var methods: FleetMethods {
        FleetMethods(
            store: store, roads: roads, defaultTaskVisibility: defaultTaskVisibility, legMemo: legMemo,
            callLog: callLog)
    }

    /// The time a request is answered at, by the server's clock.
    public var now: ProtoTimestamp { ProtoTimestamp(clock()) }
}
