import ArgumentParser
import AsyncHTTPClient
import FleetClient
import FleetModel
import Foundation
import TerminalUI
import TripFollowing

/// `tripterm fleet --provider PROJECT`: watches every vehicle of a provider, as the JavaScript SDK's fleet location
/// provider does — ListVehicles and ListDeliveryVehicles (all pages) every `--interval` seconds from the local
/// server or Google's Fleet Engine — on the fleet screen when standard output is a terminal, else one line per
/// vehicle that appears, changes or vanishes; with `--tasks`, the provider's tasks (ListTasks) instead.
struct FleetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Watch every vehicle of a provider: on a map and a list, or one line per vehicle change.",
        discussion: """
            Lists the provider's vehicles (ListVehicles, every page) every --interval seconds with a server token, \
            narrowed by --filter (ListVehicles' attribute filter, e.g. attributes.zone="north"), --vehicle-type and \
            --state, and prints what changed since the last listing: appeared, changed, vanished, each vehicle \
            marked stale when its last report is older than --stale seconds or it has no location. Failures are \
            printed with their code and class and retried as the rider retries; the last complete fleet is kept. \
            --headless prints those lines on a terminal too, --json as JSON Lines ({"time", "event", "vehicle", \
            "stale", "value"}); --once lists once and exits (1 when the listing fails). On a terminal, without \
            --headless, --json or --once, the fleet opens on the map with a \
            sortable, searchable list beside it (docs/fleet.md lists the keys); --hide-stale leaves stale \
            vehicles out instead of greying them.

            Delivery vehicles are listed beside on-demand ones (--kind auto, the default, while the token and the \
            project have the Deliveries API; --kind trips|deliveries|all to choose), with their remaining stops \
            and open tasks from one ListTasks of the provider's OPEN tasks per listing. --tasks prints the task \
            list instead (every task, or those --task-filter selects: ListTasks' AIP-160 filter over type, state, \
            task_outcome, delivery_vehicle_id, tracking_id and attributes, e.g. 'state = OPEN'); on the fleet \
            screen, T shows the task list (the OPEN tasks, unless --tasks or --task-filter says otherwise).
            """
    )

    @OptionGroup
    var provider: ProviderOption

    @Option(
        help: ArgumentHelp(
            "The Fleet Engine REST endpoint: the local server, or https://fleetengine.googleapis.com.", valueName: "url"
        ))
    var backend: String = "http://127.0.0.1:8787"

    @OptionGroup
    var trust: CAFileOptions

    @OptionGroup(title: "Authorization (a server token: ListVehicles is the provider's call)")
    var auth: TokenOptions

    @Option(help: ArgumentHelp("Seconds between listings, at least 1.", valueName: "seconds"))
    var interval: Double = 5

    @Option(help: ArgumentHelp("ListVehicles' filter over vehicle attributes.", valueName: "expression"))
    var filter: String?

    @Option(
        name: .customLong("vehicle-type"),
        help: ArgumentHelp(
            "Only vehicles of these categories (AUTO, TAXI, TRUCK, TWO_WHEELER, BICYCLE, PEDESTRIAN; repeatable).",
            valueName: "category"))
    var vehicleTypes: [String] = []

    @Option(help: ArgumentHelp("Only vehicles in this state (ONLINE or OFFLINE).", valueName: "state"))
    var state: String?

    @Option(
        help: ArgumentHelp(
            "Which vehicles: on-demand and delivery ones (auto: delivery ones while the Deliveries API answers), trips (on-demand only), deliveries, or all (either API's refusal is an error). auto by default; trips with --state or --vehicle-type, which only on-demand vehicles have.",
            valueName: "auto|trips|deliveries|all"))
    var kind: FleetScope.Kind?

    @Flag(help: "List the provider's tasks: print them (one line per task change), or open the screen on them.")
    var tasks = false

    @Option(
        name: .customLong("task-filter"),
        help: ArgumentHelp(
            "ListTasks' filter for the task list (type, state, task_outcome, delivery_vehicle_id, tracking_id, attributes.KEY), e.g. 'state = OPEN'.",
            valueName: "expression"))
    var taskFilter: String?

    @Option(
        help: ArgumentHelp(
            "Only vehicles whose last location is in this box: south-west and north-east corners (a south-west longitude east of the north-east one crosses the 180th meridian).",
            valueName: "lat,lng,lat,lng"))
    var viewport: String?

    @Option(
        help: ArgumentHelp(
            "Seconds after which a vehicle's last report is stale (5 min by default).", valueName: "seconds"))
    var stale: Double = 300

    @OptionGroup(title: "Output")
    var output: LineOutputOptions

    @Flag(help: "List the fleet once, print every vehicle, and exit.")
    var once = false

    @Flag(
        name: .customLong("hide-stale"), help: "On the fleet screen, leave stale vehicles out instead of greying them.")
    var hideStale = false

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup
    var profileOptions: ProfileOptions

    func validate() throws {
        guard interval.isFinite, interval >= 1 else {
            throw ValidationError("--interval must be a number of seconds, at least 1, not '\(interval)'")
        }
        guard stale.isFinite, stale > 0 else { throw ValidationError("--stale must be a positive number of seconds") }
        _ = try Self.categories(vehicleTypes)
        _ = try Self.vehicleState(state)
        _ = try viewport.map(Self.viewport)
        if tasks || taskFilter != nil, vehicleKind == .trips {
            throw ValidationError("--tasks and --task-filter list the Deliveries API's tasks: not with --kind trips")
        }
    }

    /// `--kind`, where `--state` and `--vehicle-type` (on-demand criteria) make the default on-demand only.
    private var vehicleKind: FleetScope.Kind {
        kind ?? (state != nil || !vehicleTypes.isEmpty ? .trips : .auto)
    }

    func run() async throws {
        let project = try provider.project()
        if taskFilter != nil, !tasks, !isOnScreen {
            throw CommandFailure("--task-filter narrows the task list: add --tasks to print it")
        }
        try await withFleetHTTPClient(trusting: trust.authority) { http in try await watch(project, http: http) }
    }

    /// The fleet screen, rather than lines: a terminal, and none of the flags that ask for lines.
    private var isOnScreen: Bool { !output.printsLines && !once }

    private func watch(_ project: String, http: HTTPClient) async throws {
        let client: FleetEngineClient
        do {
            client = try FleetEngineClient(
                baseURL: backend, tokenProvider: auth.provider(httpClient: http), httpClient: http,
                options: FleetClientOptions(role: .server))
        } catch {
            throw CommandFailure("--backend: \(error.message)")
        }
        let query = ListVehiclesRequest(
            vehicleTypeCategories: try Self.categories(vehicleTypes),
            vehicleState: try Self.vehicleState(state) ?? .unknownVehicleState, filter: filter ?? "",
            viewport: try viewport.map(Self.viewport))
        let scope = FleetScope.command(kind: vehicleKind, tasks: tasks, taskFilter: taskFilter, onScreen: isOnScreen)
        let tracker = FleetTracker(
            backend: FleetEngineFleetBackend(client: client, provider: project, query: query), scope: scope,
            options: TripModelOptions(pollInterval: .milliseconds(Int64(interval * 1000))),
            staleThreshold: .milliseconds(Int64(stale * 1000)))
        if isOnScreen {
            try await FleetScreenSession.run(
                tracker, client: client, backendName: "\(client.baseURL) · providers/\(project)", hideStale: hideStale,
                display: display, showsTasks: tasks)
            return
        }
        let printer = FleetPrinter(format: output.json ? .json : .text)
        await tracker.register(printer)
        if once {
            await tracker.refresh()
            if let error = await tracker.lastError {
                let method = await tracker.lastFailedMethod
                // Nothing is retried after a single listing: say so rather than the watcher's "retrying".
                let next =
                    error.errorClass == .recoverable
                    ? "nothing was listed; run it again once the backend answers"
                    : FleetTracker.hint(for: error, page: nil, method: method)
                throw CommandFailure("\(error.code.name) (\(error.errorClass)): \(error.message) — \(next)")
            }
            return
        }
        await tracker.start()
        // Until Ctrl-C or SIGTERM, which end the process with the signal's status as for any pipeline tool.
        while !Task.isCancelled { try await Task.sleep(for: .seconds(3600)) }
    }

    /// ListVehicles' `vehicleTypeCategories` (required by Fleet Engine; every category when none is given).
    static func categories(_ names: [String]) throws -> [Vehicle.VehicleType.Category] {
        guard !names.isEmpty else { return [.auto, .taxi, .truck, .twoWheeler, .bicycle, .pedestrian] }
        return try names.map { name in
            guard let category = Vehicle.VehicleType.Category(protoName: name.uppercased()), category != .unknown else {
                throw ValidationError(
                    "--vehicle-type: '\(name)' is not one of AUTO, TAXI, TRUCK, TWO_WHEELER, BICYCLE, PEDESTRIAN")
            }
            return category
        }
    }

    /// `--viewport lat,lng,lat,lng`: the south-west corner, then the north-east one.
    static func viewport(_ text: String) throws -> GeoViewport {
        let numbers = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let south = numbers[0], let west = numbers[1], let north = numbers[2],
            let east = numbers[3]
        else {
            throw ValidationError(
                "--viewport: expected four numbers lat,lng,lat,lng (south-west, north-east), not '\(text)'")
        }
        guard (-90...90).contains(south), (-90...90).contains(north), south <= north else {
            throw ValidationError(
                "--viewport: latitudes must be from -90 to 90, the south-west one first, not '\(text)'")
        }
        guard (-180...180).contains(west), (-180...180).contains(east) else {
            throw ValidationError("--viewport: longitudes must be from -180 to 180, not '\(text)'")
        }
        return GeoViewport(
            low: LatLng(latitude: south, longitude: west), high: LatLng(latitude: north, longitude: east))
    }

    static func vehicleState(_ name: String?) throws -> VehicleState? {
        guard let name else { return nil }
        guard let state = VehicleState(protoName: name.uppercased()), state != .unknownVehicleState else {
            throw ValidationError("--state: '\(name)' is not ONLINE or OFFLINE")
        }
        return state
    }
}

extension FleetScope.Kind: ExpressibleByArgument {}
