import ArgumentParser
import FleetServer
import FleetServerGRPC
import Foundation
import Logging
import RoadMap
import ServiceLifecycle

/// `tripterm serve`: runs the local Fleet Engine–compatible server, REST and gRPC over one store, until SIGINT or
/// SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a local Fleet Engine–compatible server (trips and deliveries) over REST and gRPC.",
        discussion: """
            Trips, vehicles, delivery vehicles and tasks are kept in SQLite under $XDG_DATA_HOME/tripterm (or \
            ~/.local/share/tripterm), with the RSA key that signs `tripterm token` tokens. REST and gRPC \
            (maps.fleetengine.v1.TripService and VehicleService, maps.fleetengine.delivery.v1.DeliveryService; \
            HTTP/2, for Google's own client libraries) serve the same fleet. Prints \
            `listening on http://HOST:PORT` and `listening on grpc://HOST:PORT` (https and grpcs with TLS) once \
            each is ready. An address other than loopback needs --tls-cert and --tls-key, or --insecure-plaintext. \
            See docs/server.md.
            """
    )

    @Option(
        name: .customLong("bind"),
        help: "Address to listen on (other than loopback: with TLS, or --insecure-plaintext).")
    var bind = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one and prints it.")
    var port = FleetServerConfiguration.defaultPort

    /// Unset, 8788 — or a free one when `--port` is 0, so that servers started for scripts and tests side by side
    /// never contend for the fixed port.
    @Option(
        name: .customLong("grpc-port"),
        help:
            "gRPC port (HTTP/2; default 8788, or a free one with --port 0); 0 picks a free one and prints it."
    )
    var grpcPort: Int?

    /// The gRPC port to bind.
    var resolvedGRPCPort: Int { grpcPort ?? (port == 0 ? 0 : FleetGRPCServer.defaultPort) }

    @Flag(name: .customLong("no-grpc"), help: "Serve REST only.")
    var noGRPC = false

    @Option(help: "SQLite database file (default: <data dir>/fleet.sqlite).")
    var db: String?

    @Option(name: .customLong("data-dir"), help: "Directory for the server key and default database.")
    var dataDir: String?

    @Option(help: "Verify tokens with the keys of this JWKS file instead of the server key.")
    var jwks: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(
        name: .customLong("map"),
        help: ArgumentHelp(
            "Road map SearchVehicles routes on for ETAs and distances (default: the bundled Monaco map; `none` for straight lines).",
            valueName: "file.roadmap"))
    var map: String?

    @Option(
        name: .customLong("task-visibility"),
        help: ArgumentHelp(
            "What a shipment's tracking info shows of an element its task sets no visibility rule for: always (default), never, stops:N, meters:N or eta:DURATION.",
            valueName: "rule"))
    var taskVisibility: String?

    @OptionGroup(title: "Events (docs/server.md)")
    var eventOptions: ServeEventOptions

    @OptionGroup
    var logExport: LogExportOptions

    @OptionGroup(title: "TLS and limits")
    var connections: ServeConnectionOptions

    @OptionGroup
    var profileOptions: ProfileOptions

    /// Hidden: every poll through Hummingbird, as before the event-loop answers — for comparing the two
    /// (scripts/bench-server.sh) and for ruling them out when something looks wrong.
    @Flag(name: .customLong("no-event-loop-answers"), help: .hidden)
    var noEventLoopAnswers = false

    /// Hidden: parse every poll, even one that repeats the connection's last cached poll byte for byte — to compare.
    @Flag(name: .customLong("parse-every-poll"), help: .hidden)
    var parseEveryPoll = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535, got \(port)") }
        if let grpcPort, !(0...65535).contains(grpcPort) {
            throw ValidationError("--grpc-port must be in 0...65535, got \(grpcPort)")
        }
        if port != 0, port == resolvedGRPCPort, !noGRPC {
            throw ValidationError("--port and --grpc-port are both \(port): REST and gRPC need a port each")
        }
        if let taskVisibility {
            do { _ = try TaskVisibility.parse(taskVisibility) } catch {
                throw ValidationError("--task-visibility: \(error.message)")
            }
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level \"\(logLevel)\" is not a level")
        }
        try connections.validate(bind: bind)
    }

    /// The road graph of `--map`, of the bundled Monaco map when there is one, or none.
    func roads() throws -> RoadGraph? {
        switch map {
        case "none": return nil
        case let path?:
            do { return RoadGraph(try RoadMapFile.load(path: path)) } catch {
                throw ValidationError("--map \(path): \(error)")
            }
        case nil:
            return (try? DemoCommand.monacoMap()).map(RoadGraph.init)
        }
    }

    func run() async throws {
        var logger = Logger(label: "tripterm.serve") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let dataDirectory = FleetServerConfiguration.dataDirectory(databasePath: db, dataDirectory: dataDir)
        let (restScheme, grpcScheme) = connections.schemes
        var configuration = FleetServerConfiguration(
            host: bind, port: port, dataDirectory: dataDirectory, databasePath: db, jwksPath: jwks, logger: logger,
            onListening: { host, port in
                // Unbuffered, so a script waiting for this line sees it at once.
                FileHandle.standardOutput.write(Data("listening on \(restScheme)://\(host):\(port)\n".utf8))
            })
        configuration.answersPollsOnEventLoop = !noEventLoopAnswers
        configuration.answersRepeatedPollsUnparsed = !parseEveryPoll
        configuration.roads = try roads()
        configuration.defaultTaskVisibility = try taskVisibility.map(TaskVisibility.parse)
        configuration.events = try eventOptions.configuration()
        configuration.logExport = logExport.options
        configuration.maxBodyBytes = connections.maxBodyBytes
        do {
            configuration.connections = try connections.policy()
        } catch {
            FileHandle.standardError.write(Data("tripterm serve: \(error)\n".utf8))
            throw ExitCode.failure
        }
        connections.warnIfPlaintext(bind: bind)
        connections.raiseDescriptorLimit()
        let gate = ConnectionGate(policy: configuration.connections)
        FileHandle.standardError.write(Data("tripterm serve: database \(configuration.resolvedDatabasePath)\n".utf8))
        do {
            let core = try await FleetServerCore.open(configuration: configuration)
            if let upgrade = core.store.upgrade {
                FileHandle.standardError.write(
                    Data(
                        "tripterm serve: migrated the database from \(upgrade.fromVersion) to \(upgrade.toVersion); the \(upgrade.fromVersion) copy is \(upgrade.copyPath)\n"
                            .utf8))
            }
            // Each service is named: unnamed, ServiceLifecycle names it by `"\(service)"`, a reflection of the
            // whole application (router, store, road map) that took 40 % of a debug build's start-up.
            var services = [
                ServiceGroupConfiguration.ServiceConfiguration(
                    service: try await FleetServer.buildApplication(
                        configuration: configuration, core: core, gate: gate),
                    serviceName: "http")
            ]
            if !noGRPC {
                let grpc = FleetGRPCServer(
                    core: core, host: bind, port: resolvedGRPCPort, maxMessageBytes: configuration.maxBodyBytes,
                    policy: configuration.connections, gate: gate, logger: logger,
                    onListening: { host, port in
                        FileHandle.standardOutput.write(Data("listening on \(grpcScheme)://\(host):\(port)\n".utf8))
                    })
                services.append(.init(service: grpc, serviceName: "grpc"))
            }
            let group = ServiceGroup(
                configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            do { try await group.run() } catch {
                await core.callLog?.finish()
                throw error
            }
            // What is queued is written, and what was written and dropped said, once no call can come.
            await core.callLog?.finish()
        } catch {
            FileHandle.standardError.write(Data("tripterm serve: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
