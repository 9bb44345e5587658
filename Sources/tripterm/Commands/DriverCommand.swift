import ArgumentParser
import AsyncHTTPClient
import DriverKit
import FleetClient
import FleetModel
import Foundation
import RoadMap
import TerminalUI
import TripFollowing

#if canImport(Glibc)
import Glibc
#endif

/// `tripterm driver --vehicle providers/p/vehicles/v`: the driver's side of journey sharing — reports a vehicle's
/// position, route to its next stop and state to Fleet Engine the way the Driver SDK does, from a simulated drive,
/// a GPX or NMEA file, or a live gpsd. `--delivery-vehicle providers/p/deliveryVehicles/v` is the delivery driver's
/// app instead: the same reports as UpdateDeliveryVehicle, and the keys move its stops on and set task outcomes.
struct DriverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "driver",
        abstract: "Report a vehicle's location and route to Fleet Engine, as the Driver SDK does.",
        discussion: """
            Creates the vehicle when the backend does not have it, sets it ONLINE, then sends UpdateVehicle every \
            --interval seconds (5–60) with the newest fix, the route to its next stop on the road map, the remaining \
            distance and time, and the navigation status. A failed update is retried with the newest data at the \
            next interval. When the source ends (or on Ctrl-C) one last update sets the vehicle OFFLINE. \
            --headless prints one line per update (also when output is not a terminal; --json for JSON Lines); \
            otherwise a console shows the map, next stop, trips and the reporter's log (o online/offline, \
            t tracking, n next trip status, x cancel trip, q quit).

            With --delivery-vehicle the vehicle is a delivery vehicle (the Deliveries API): the console lists the \
            next stop's tasks and the stops after it; n moves the next stop on (ENROUTE, ARRIVED, then completed: \
            its tasks without an outcome SUCCEEDED, then closed), x sets its next task FAILED. --simulate drives the \
            remaining stops; with --auto-advance each stop moves on by itself on arrival. See docs/driver.md.
            """
    )

    @Option(help: ArgumentHelp("The vehicle to report.", valueName: "providers/{provider}/vehicles/{vehicle}"))
    var vehicle: String?

    @Option(
        name: .customLong("delivery-vehicle"),
        help: ArgumentHelp(
            "A delivery vehicle to drive instead (the Deliveries API).",
            valueName: "providers/{provider}/deliveryVehicles/{vehicle}"))
    var deliveryVehicle: String?

    @Option(
        help: ArgumentHelp(
            "The Fleet Engine REST endpoint: the local server, or https://fleetengine.googleapis.com.", valueName: "url"
        ))
    var backend: String = "http://127.0.0.1:8787"

    @OptionGroup
    var trust: CAFileOptions

    @OptionGroup(title: "Authorization")
    var auth: TokenOptions

    @Flag(help: "Drive the vehicle's remaining stops (its current trips, or its delivery stops) on the road map.")
    var simulate = false

    @Option(help: ArgumentHelp("Replay the timed points of a GPX file.", valueName: "file"))
    var gpx: String?

    @Option(help: ArgumentHelp("Replay an NMEA 0183 log (RMC/GGA sentences).", valueName: "file"))
    var nmea: String?

    @Option(help: ArgumentHelp("Read fixes from gpsd.", valueName: "host:port"))
    var gpsd: String?

    @Option(
        help: ArgumentHelp("Seconds between updates, 5 to 60 (the Driver SDK's default is 10).", valueName: "seconds"))
    var interval: Double = 10

    @Option(
        help: ArgumentHelp(
            "Play --simulate, --gpx and --nmea this many times faster than real time, as replay and demo do.",
            valueName: "factor"))
    var speed: Double = 1

    @Option(
        help: ArgumentHelp("With --simulate: drive at this speed instead of each road's speed.", valueName: "km/h"))
    var driveSpeed: Double?

    @Option(help: ArgumentHelp("With --simulate: add Gaussian GPS error of this many metres (σ).", valueName: "metres"))
    var noise: Double?

    @Option(help: ArgumentHelp("With --noise: the random seed, for a repeatable drive.", valueName: "n"))
    var seed: UInt64 = 1

    @Flag(
        name: .customLong("auto-advance"),
        help:
            "Move trips (or delivery stops) on by themselves: arrived at a stop, on to the next, COMPLETE at the dropoff (tasks SUCCEEDED)."
    )
    var autoAdvance = false

    @OptionGroup(title: "Output")
    var output: LineOutputOptions

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup
    var profileOptions: ProfileOptions

    func validate() throws {
        if (vehicle == nil) == (deliveryVehicle == nil) {
            throw ValidationError("name the vehicle to drive: --vehicle NAME or --delivery-vehicle NAME (one of them)")
        }
        let sources = [simulate, gpx != nil, nmea != nil, gpsd != nil].filter { $0 }.count
        if sources == 0 {
            throw ValidationError(
                "choose where locations come from: --simulate, --gpx FILE, --nmea FILE or --gpsd HOST:PORT")
        }
        if sources > 1 { throw ValidationError("--simulate, --gpx, --nmea and --gpsd do not go together: pick one") }
        guard interval.isFinite, (5...60).contains(interval) else {
            throw ValidationError(
                "--interval must be between 5 and 60 seconds (Fleet Engine's limits), not '\(interval)'")
        }
        guard speed.isFinite, speed > 0 else {
            throw ValidationError("--speed must be a positive factor, not '\(speed)'")
        }
        if let driveSpeed, !(driveSpeed.isFinite && driveSpeed > 0) {
            throw ValidationError("--drive-speed must be a positive number of km/h, not '\(driveSpeed)'")
        }
        if let noise, !(noise.isFinite && noise >= 0) {
            throw ValidationError("--noise must be a number of metres, not '\(noise)'")
        }
        if (driveSpeed != nil || noise != nil) && !simulate {
            throw ValidationError("--drive-speed and --noise go with --simulate")
        }
        if let gpsd { _ = try GpsdLocationSource(address: gpsd) }
    }

    func run() async throws {
        let name: ReportedVehicle
        if let deliveryVehicle {
            do {
                name = .delivery(try DeliveryVehicleName(parsing: deliveryVehicle))
            } catch {
                throw CommandFailure("--delivery-vehicle: \(error)")
            }
        } else {
            do {
                name = .onDemand(try VehicleName(parsing: vehicle ?? ""))
            } catch {
                throw CommandFailure("--vehicle: \(error)")
            }
        }
        try await withFleetHTTPClient(trusting: trust.authority) { http in try await drive(name, http: http) }
    }

    private func drive(_ name: ReportedVehicle, http: HTTPClient) async throws {
        // Recorded and simulated drives play on a clock that runs --speed times faster than the wall clock.
        let clock: any Clock<Duration> =
            speed == 1 ? ContinuousClock() : VirtualClock(start: ProtoTimestamp(Date()), speed: .factor(speed))
        // A file that cannot be used is reported before anything is asked of the backend.
        let recorded = try recordedSource(clock: clock)
        let client: FleetEngineClient
        do {
            client = try FleetEngineClient(
                baseURL: backend, tokenProvider: auth.provider(httpClient: http), httpClient: http,
                options: FleetClientOptions(role: .driver))
        } catch {
            throw CommandFailure("--backend: \(error.message)")
        }
        let printer = DriverEventPrinter(format: output.json ? .json : .text)
        let consoleLog = DriverLog()
        // Piped or redirected output gets the lines a script can read, as if --headless were given.
        let useConsole = !output.printsLines
        let notes: @Sendable (String) -> Void
        if useConsole {
            notes = { consoleLog.append($0) }
        } else {
            notes = { printer.line($0) }
        }
        let noMap = display.noMap
        let explicitMap: RoadGraph? =
            try noMap ? nil : display.mapPath.map { path in try DriverRoadMaps.explicit(path: path) }
        let mapLookup: @Sendable (LatLng) -> RoadGraph? = { point in
            noMap ? nil : explicitMap ?? DriverRoadMaps.bundled(near: point)
        }
        let reporter = VehicleReporter(
            client: client, reporting: name, interval: .milliseconds(Int64(interval * 1000)))
        let driver: any ConsoleDriver
        let console: any DriverConsoleModel
        let source: any LocationSource
        do {
            switch name {
            case .onDemand(let name):
                let current = try await DriverVehicleSetup.fetchOrCreate(client: client, name: name, log: notes)
                let route = { (graph: RoadGraph?) throws(LocationSourceError) in
                    try SimulatedRoute(vehicle: current, graph: graph)
                }
                source =
                    try recorded
                    ?? simulatedSource(
                        route: route, from: SimulatedRoute.anchor(of: current), mapLookup: mapLookup, clock: clock)
                let tripDriver = TripDriver(
                    reporter: reporter, vehicleClient: client, tripClient: client, vehicleName: name, vehicle: current,
                    options: TripDriver.Options(autoAdvance: autoAdvance), roadGraph: mapLookup, notes: notes)
                driver = tripDriver
                console = TripConsoleModel(driver: tripDriver, log: consoleLog, backend: client.baseURL, tripKeys: true)
            case .delivery(let name):
                let current = try await DriverVehicleSetup.fetchOrCreate(client: client, name: name, log: notes)
                let route = { (graph: RoadGraph?) throws(LocationSourceError) in
                    try SimulatedRoute(deliveryVehicle: current, graph: graph)
                }
                source =
                    try recorded
                    ?? simulatedSource(
                        route: route, from: SimulatedRoute.anchor(of: current), mapLookup: mapLookup, clock: clock)
                let deliveryDriver = DeliveryDriver(
                    reporter: reporter, client: client, vehicleName: name, vehicle: current,
                    options: DeliveryDriver.Options(autoAdvance: autoAdvance), roadGraph: mapLookup, notes: notes)
                driver = deliveryDriver
                console = DeliveryConsoleModel(
                    driver: deliveryDriver, log: consoleLog, backend: client.baseURL, stopKeys: true)
            }
        } catch let error as TripServiceError {
            throw CommandFailure(
                "vehicle \(name): \(error.code.name) (\(error.errorClass)): \(error.message) — \(error.hint)")
        }
        if useConsole {
            try await DriverConsoleRunner.run(console, source: source, display: display)
        } else {
            try await runHeadless(driver: driver, source: source, printer: printer)
        }
    }

    /// Reports until the source ends or a signal comes, then sets the vehicle OFFLINE.
    private func runHeadless(
        driver: any ConsoleDriver, source: any LocationSource, printer: DriverEventPrinter
    ) async throws {
        let reporter = driver.reporter
        await reporter.addListener(printer)
        await reporter.updateVehicleState(.online)
        await reporter.setLocationTrackingEnabled(true)
        let driving = Task { try await driver.drive(source) }
        let signals = DriverSignals { number in
            printer.line("signal \(number): stopping")
            driving.cancel()
        }
        let outcome = await driving.result
        signals.stop()
        if case .failure(let error) = outcome, !(error is CancellationError) {
            printer.line("location source failed: \(error)")
        } else {
            printer.line("location source ended")
        }
        await reporter.setLocationTrackingEnabled(false)
        let s = await reporter.statistics
        printer.stopped(s)
        if case .failure(let error) = outcome, !(error is CancellationError) { throw CommandFailure("\(error)") }
        if s.successes == 0 { throw ExitCode.failure }
    }

    /// The `--gpx`, `--nmea` or `--gpsd` source, its file read and checked now; nil with `--simulate`.
    private func recordedSource(clock: any Clock<Duration>) throws -> (any LocationSource)? {
        if let gpx {
            _ = try Self.checked { () throws(LocationSourceError) in try GPXLocationSource.read(path: gpx) }
            return GPXLocationSource(path: gpx, clock: clock)
        }
        if let nmea {
            _ = try Self.checked { () throws(LocationSourceError) in try NMEALocationSource.read(path: nmea) }
            return NMEALocationSource(path: nmea, clock: clock)
        }
        if let gpsd {
            return try Self.checked { () throws(LocationSourceError) in try GpsdLocationSource(address: gpsd) }
        }
        return nil
    }

    /// `--simulate`: a drive through the vehicle's remaining stops, on the road map that holds `hint`.
    private func simulatedSource(
        route makeRoute: (RoadGraph?) throws(LocationSourceError) -> SimulatedRoute, from hint: LatLng?,
        mapLookup: @Sendable (LatLng) -> RoadGraph?, clock: any Clock<Duration>
    ) throws -> any LocationSource {
        let graph = hint.flatMap(mapLookup)
        let route = try Self.checked { () throws(LocationSourceError) in try makeRoute(graph) }
        let driveSpeed: DriveSpeed =
            if let driveSpeed { .constant(driveSpeed / 3.6) } else if let graph { .road(graph) } else {
                .constant(30 / 3.6)
            }
        return SimulatedDrive(
            path: route.path, speed: driveSpeed, noise: noise.map { GPSNoise(sigmaMeters: $0, seed: seed) },
            clock: clock)
    }

    /// A source that cannot start is a one-line error before anything is sent.
    private static func checked<T>(_ body: () throws(LocationSourceError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(error.message)
        }
    }
}
