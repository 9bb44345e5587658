import ArgumentParser
import AsyncHTTPClient
import DriverKit
import FleetClient
import FleetModel
import FleetServer
import Foundation
import RoadMap
import TerminalUI
import TripFollowing
import TripRecordings

/// `tripterm demo`: everything at once, with no setup — the local server, a provider creating a trip in Monaco, a
/// driver's phone reporting the car along the streets, and the rider's map following it.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Watch a trip in Monaco: local server, simulated driver and the rider's map, with no setup.",
        discussion: """
            Starts the local Fleet Engine–compatible server on a free loopback port (data in a temporary \
            directory unless --data-dir is given), creates a vehicle and a trip with a pickup, a stop and a \
            dropoff, drives the car along the bundled Monaco road map (reporting like the Driver SDK, every 5 s \
            of demo time), moves the trip's status at each stop, and follows the trip as a rider does (GetTrip \
            every second). --speed compresses time; q quits. Without a terminal it prints the rider's callbacks \
            and exits when the trip is complete.

            With --vehicles N (2 or more) the demo is a living city instead: N simulated drivers on the Monaco \
            roads, each reporting through its own Driver SDK–style reporter, and a dispatcher that asks for trips \
            between random points and gives each to the vehicle SearchVehicles picks. It opens on the fleet \
            screen (Enter follows a car, t its trip as the rider sees it, Esc back, q quits); without a terminal \
            it prints one line per fleet change until interrupted. See docs/fleet.md.

            With --deliveries the demo is a day of the Deliveries API instead: a van with five stops and eight \
            tasks in Monaco (one recipient out), driven stop by stop, and the tracking view of one parcel four stops \
            down the list as its recipient sees it (Tab: the van's driver console). Without a terminal it prints \
            the parcel's tracking lines and exits once its task is closed. See docs/deliveries.md.
            """
    )

    @Option(
        help: ArgumentHelp(
            "How many times faster than real time the car drives and waits (1–100).", valueName: "factor"))
    var speed: Double = 5

    @Option(
        help: ArgumentHelp(
            "Simulate a city of this many cars with a dispatcher, on the fleet screen (1: one trip, the default).",
            valueName: "n"))
    var vehicles = 1

    @Flag(help: "A van's day of deliveries and the tracking of one parcel, instead of a trip.")
    var deliveries = false

    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp(
            "Keep the server's database and key here instead of a temporary directory.", valueName: "dir"))
    var dataDirectory: String?

    @Option(
        help: ArgumentHelp(
            "Also record the trip, as the rider saw it, to this trip file (replay it later).", valueName: "file"))
    var record: String?

    @OptionGroup(title: "Output")
    var output: LineOutputOptions

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup(title: "Log export")
    var logExport: LogExportOptions

    @OptionGroup
    var profileOptions: ProfileOptions

    func validate() throws {
        guard speed.isFinite, (1...100).contains(speed) else {
            throw ValidationError("--speed must be a factor from 1 to 100, not '\(speed)'")
        }
        guard (1...Self.largestCity).contains(vehicles) else {
            throw ValidationError("--vehicles must be from 1 to \(Self.largestCity), not \(vehicles)")
        }
        if vehicles > 1, record != nil {
            throw ValidationError("--record records one trip: it does not go with --vehicles")
        }
        if deliveries, vehicles > 1 || record != nil {
            throw ValidationError("--deliveries is a van's day: it does not go with --vehicles or --record")
        }
    }

    /// The most cars a city may have: each is a reporter and a drive on this machine.
    static let largestCity = 2_000

    func run() async throws {
        let graph = RoadGraph(try Self.monacoMap())
        let temporary = dataDirectory == nil
        let directory =
            dataDirectory.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-demo-\(getpid())")
        defer { if temporary { try? FileManager.default.removeItem(at: directory) } }
        // Demo time, `speed` times the wall's: the drivers, the server (what it stamps, its log export, its
        // tokens' hour) and the screens all keep it, so that a log of a fast demo reads as a day at normal speed.
        let clock = VirtualClock(start: ProtoTimestamp(Date()), speed: .factor(speed))
        // The city records events (none sent), for the fleet screen's events pane.
        let server = try await LocalFleetServer.start(
            dataDirectory: directory, logExport: logExport.options,
            events: vehicles > 1 ? EventConfiguration() : nil, clock: { clock.timestamp.date })
        let http = FleetEngineClient.makeHTTPClient()
        do {
            if deliveries {
                try await playDeliveries(server: server, clock: clock, graph: graph, http: http)
            } else if vehicles > 1 {
                try await playCity(server: server, clock: clock, graph: graph, http: http)
            } else {
                try await play(server: server, clock: clock, graph: graph, http: http)
            }
        } catch {
            try? await http.shutdown()
            await stop(server)
            throw error
        }
        try await http.shutdown()
        await stop(server)
    }

    /// Stops the server and says what its log export wrote, the server's own log being quiet in the demo.
    private func stop(_ server: LocalFleetServer) async {
        guard let summary = await server.stop(), let path = logExport.path else { return }
        var line = "tripterm demo: \(summary.written) Cloud Logging entries written to \(path)"
        if summary.dropped > 0 { line += "; \(summary.dropped) calls dropped because the queue was full" }
        if summary.failed > 0 { line += "; \(summary.failed) lost to write errors" }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private func play(server: LocalFleetServer, clock: VirtualClock, graph: RoadGraph, http: HTTPClient) async throws {
        let id = Self.runID()
        let scenario = try DemoScenario(graph: graph, clock: clock, speed: speed, id: id)
        let (provider, driver, rider) = try Self.parties(
            of: server, driver: AuthorizationClaims(vehicleid: scenario.vehicleName.vehicleID),
            consumer: AuthorizationClaims(tripid: scenario.tripName.tripID), http: http)
        try await scenario.setUp(client: provider)

        let model = TripModel(
            tripName: scenario.tripName, backend: FleetEngineBackend(client: rider),
            options: TripModelOptions(pollInterval: .seconds(1)))
        let recorder = try record.map {
            try TripRecorder(path: $0, tripName: scenario.tripName, source: "tripterm demo")
        }
        if let recorder { await model.register(recorder) }
        let reporter = scenario.makeReporter(driver: driver)
        let log = DriverLog()
        await reporter.addListener(log)
        let car = try await scenario.makeDriver(reporter: reporter, driver: driver, provider: provider, log: log)
        let drive = Self.drive { try await scenario.play(driver: car) }
        if output.printsLines {
            await TripFollowerSession.reportOnStandardError(recorder)
            await TripFollowerSession.runHeadless(model, json: output.json, now: { clock.timestamp })
        } else {
            let console = TripConsoleModel(driver: car, log: log, backend: server.baseURL, tripKeys: false)
            try await TripFollowerSession.runScreen(
                model, backendName: "demo · \(server.baseURL) · ×\(Self.format(speed))", display: display,
                recorder: recorder, driverConsole: console, now: { clock.timestamp })
        }
        drive.cancel()
        await model.stop()
        if let recorder {
            await recorder.close()
            if let error = await recorder.failureReport { throw error }
        }
        try await Self.settle(drive)
    }

    /// The day of deliveries: the van drives while the parcel's tracking view (or its printer) follows it.
    private func playDeliveries(
        server: LocalFleetServer, clock: VirtualClock, graph: RoadGraph, http: HTTPClient
    ) async throws {
        let id = Self.runID()
        let scenario = try DeliveryDemoScenario(graph: graph, clock: clock, speed: speed, id: id)
        let (provider, driver, consumer) = try Self.parties(
            of: server, driver: AuthorizationClaims(deliveryvehicleid: scenario.vehicleName.vehicleID),
            consumer: AuthorizationClaims(trackingid: scenario.trackingName.trackingID), http: http)
        try await scenario.setUp(client: provider)
        let log = DriverLog()
        let van = try await scenario.makeDriver(driver: driver, log: log)
        let drive = Self.drive { try await scenario.play(driver: van) }
        let tracker = ShipmentTracker(
            name: scenario.trackingName, backend: FleetEngineShipmentBackend(client: consumer),
            options: TripModelOptions(pollInterval: .seconds(1)), allowsFastPolling: true)
        if output.printsLines {
            let printer = ShipmentPrinter(format: output.json ? .json : .text, now: { clock.timestamp })
            await tracker.register(printer)
            await tracker.start()
            await tracker.waitUntilFinished()
        } else {
            let console = DeliveryConsoleModel(driver: van, log: log, backend: server.baseURL, stopKeys: false)
            try await ShipmentSession.runScreen(
                tracker, backendName: "demo · \(server.baseURL) · ×\(Self.format(speed))", display: display,
                driverConsole: console, now: { clock.timestamp })
        }
        await tracker.stop()
        drive.cancel()
        try await Self.settle(drive)
    }

    /// The parties of a one-trip or one-shipment demo, each a client of the local server with its own token: the
    /// provider's backend, the driver's app and the rider's or consumer's.
    private static func parties(
        of server: LocalFleetServer, driver: AuthorizationClaims, consumer: AuthorizationClaims, http: HTTPClient
    ) throws -> (provider: FleetEngineClient, driver: FleetEngineClient, consumer: FleetEngineClient) {
        (
            try LocalServerTokenProvider.client(of: server, claims: .server, role: .server, http: http),
            try LocalServerTokenProvider.client(of: server, claims: driver, role: .driver, http: http),
            try LocalServerTokenProvider.client(of: server, claims: consumer, role: .consumer, http: http)
        )
    }

    /// The simulated drive as a task whose value is its own failure, if any — not the one quitting causes by
    /// cancelling it.
    private static func drive(_ play: @escaping @Sendable () async throws -> Void) -> Task<(any Error)?, Never> {
        Task {
            do {
                try await play()
                return nil
            } catch {
                return Task.isCancelled ? nil : error
            }
        }
    }

    /// Waits for the (cancelled) drive and throws what made it fail on its own.
    private static func settle(_ drive: Task<(any Error)?, Never>) async throws {
        if let error = await drive.value { throw CommandFailure("the simulated drive failed: \(error)") }
    }

    /// The city: its cars and dispatcher run while the fleet screen (or the fleet printer) watches them.
    private func playCity(
        server: LocalFleetServer, clock: VirtualClock, graph: RoadGraph, http: HTTPClient
    )
        async throws
    {
        let id = Self.runID()
        let provider = try LocalServerTokenProvider.client(of: server, claims: .server, role: .server, http: http)
        let options = SimulatedCity.Options(
            vehicles: vehicles, provider: DemoScenario.provider, idPrefix: dataDirectory == nil ? "" : "r\(id)-",
            dwell: .seconds(max(20, 2.5 * speed)), seed: UInt64(id) ?? 1)
        let city = try await SimulatedCity.make(
            options: options, graph: graph, clock: clock, now: { clock.timestamp.date }, provider: provider,
            driverClient: { name in
                try LocalServerTokenProvider.client(
                    of: server, claims: AuthorizationClaims(vehicleid: name.vehicleID), role: .driver, http: http)
            })
        let running = Task { await city.run() }
        defer { running.cancel() }
        let tracker = FleetTracker(
            backend: FleetEngineFleetBackend(
                client: provider, provider: DemoScenario.provider,
                query: ListVehiclesRequest(vehicleTypeCategories: [.auto])),
            scope: FleetScope(events: !output.printsLines),
            options: TripModelOptions(pollInterval: .seconds(1)), staleThreshold: .seconds(300),
            now: { clock.timestamp })
        if output.printsLines {
            // The tracker holds its subscribers weakly: the printer lives here.
            let printer = FleetPrinter(format: output.json ? .json : .text, now: { clock.timestamp })
            await tracker.register(printer)
            await tracker.start()
            // Until Ctrl-C or SIGTERM, as `tripterm fleet` without a terminal; with a log export, the signal ends
            // the demo normally, so that the export is finished (a Fleet Debugger document closed) before it exits.
            if logExport.path != nil {
                let (signalled, signal) = AsyncStream.makeStream(of: Void.self)
                let signals = DriverSignals { _ in signal.finish() }
                for await _ in signalled {}
                signals.stop()
            } else {
                while !Task.isCancelled { try await Task.sleep(for: .seconds(3600)) }
            }
            withExtendedLifetime(printer) {}
        } else {
            // Tab on a car: its phone's console (next stop, guidance, reporter, log), as one trip's demo has.
            let consoles = Dictionary(
                city.cars.map { car in
                    (
                        car.car.driver.vehicleName.description,
                        TripConsoleModel(
                            driver: car.car.driver, log: car.log, backend: server.baseURL, tripKeys: false)
                    )
                }, uniquingKeysWith: { first, _ in first })
            try await FleetScreenSession.run(
                tracker,
                client: provider,
                backendName: "demo · \(vehicles) cars · \(server.baseURL) · ×\(Self.format(speed))",
                hideStale: false, display: display, driverConsole: { consoles[$0] }, now: { clock.timestamp })
        }
        running.cancel()
        await running.value
    }

    /// The bundled Monaco road map (the demo's streets), found like the map under any trip.
    static func monacoMap() throws -> RoadMap {
        let files = BaseMapLocator.candidateFiles(
            in: BaseMapLocator.searchDirectories(environment: ProcessInfo.processInfo.environment))
        guard let file = files.first(where: { $0.hasSuffix("/monaco.roadmap") }) else {
            throw CommandFailure(
                "the bundled map monaco.roadmap was not found (looked in Assets/maps above the executable and $TRIPTERM_MAPS)"
            )
        }
        do {
            return try RoadMapFile.load(path: file)
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// This run's id, in its trips' and vehicles' ids: seconds of the wall clock, so runs on one database differ.
    static func runID() -> String { String(UInt32(Date().timeIntervalSince1970) % 1_000_000) }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
