import Foundation
import Hummingbird
import HummingbirdCore
import JWTKit
import Logging

/// `tripterm serve`: a local Fleet Engine v1–compatible REST server for trips and vehicles.
///
/// A request takes the ordinary path, ``FleetResponder`` (middleware, then ``FleetAPI``), unless it is a GetTrip
/// poll whose answer is cached, which the fast path (``PollFastPath``) answers on the connection's event loop.
///
/// ```swift
/// let app = try await FleetServer.buildApplication(configuration: .init(port: 0, databasePath: path))
/// try await app.runService()   // until SIGINT/SIGTERM
/// ```
public enum FleetServer {
    /// The server as a Hummingbird application, not yet running: opens (or creates) the database and the key, unless
    /// given the `core` another protocol's server shares. Its connections count against `gate` when given (`serve`
    /// gives gRPC the same one, so that `--max-connections` counts both), else against a gate of its own.
    public static func buildApplication(
        configuration: FleetServerConfiguration, core: FleetServerCore? = nil, gate: ConnectionGate? = nil
    ) async throws -> some ApplicationProtocol {
        let core = try await Self.core(core, configuration: configuration)
        let api = FleetAPI(core: core, maxBodyBytes: configuration.maxBodyBytes)
        let fastPath = PollFastPath(
            api: api, logger: configuration.logger, answersRepeatedPolls: configuration.answersRepeatedPollsUnparsed)
        let policy = configuration.connections
        let gate = gate ?? ConnectionGate(policy: policy)
        // A poll answered on the event loop would pass no method, and so no log export.
        let answersPollsOnEventLoop = configuration.answersPollsOnEventLoop && core.callLog == nil
        let onListening = configuration.onListening
        let host = configuration.host
        return Application(
            responder: FleetResponder(api: api, logger: configuration.logger),
            server: HTTPServerBuilder { respond in
                try FleetHTTPChannel(
                    responder: respond, fastPath: answersPollsOnEventLoop ? fastPath : nil, policy: policy, gate: gate)
            },
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: nil),
            // Events: their deliveries and the not-updating timer run as long as the server does.
            services: configuration.events.map { events in
                [
                    EventService(
                        store: core.store, configuration: events, clock: core.clock, logger: configuration.logger)
                ]
            } ?? [],
            onServerRunning: { channel in await onListening(host, channel.localAddress?.port ?? 0) },
            logger: configuration.logger)
    }

    /// `core` when given, else one opened for `configuration`.
    private static func core(
        _ core: FleetServerCore?, configuration: FleetServerConfiguration
    ) async throws -> FleetServerCore {
        if let core { return core }
        return try await FleetServerCore.open(configuration: configuration)
    }

    /// Builds the server and runs it until SIGINT or SIGTERM, then drains in-flight requests and returns.
    public static func run(configuration: FleetServerConfiguration) async throws {
        let app = try await buildApplication(configuration: configuration)
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }

    /// The keys tokens must be signed with: those of `--jwks`, else the server key (created on first use).
    static func verificationKeys(_ configuration: FleetServerConfiguration) async throws -> JWTKeyCollection {
        if let path = configuration.jwksPath {
            let json: String
            do {
                json = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw FleetServerSetupError("cannot read JWKS file \(path): \(Self.describe(error))")
            }
            do {
                return try await JWTKeyCollection().add(jwksJSON: json)
            } catch {
                throw FleetServerSetupError("\(path) is not a JWKS (JSON Web Key Set): \(error)")
            }
        }
        return try await ServerKey.loadOrCreate(in: configuration.dataDirectory).keyCollection()
    }

    /// A file system error as a sentence ("… The file doesn't exist."), not Foundation's debug dump.
    static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        return ns.domain == NSCocoaErrorDomain ? ns.localizedDescription : "\(error)"
    }
}
