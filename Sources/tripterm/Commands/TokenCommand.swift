import ArgumentParser
import FleetServer
import Foundation

/// `tripterm token`: prints a JWT signed with the local server's key, shaped like Fleet Engine's.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a Fleet Engine–style JWT for the local server (consumer, driver, reader or server token).",
        discussion: """
            --trip ID mints a consumer token (reads that trip), --vehicle ID a driver token (its vehicle and the \
            trips assigned to it); for deliveries, --tracking-id ID a shipment's consumer token (its tracking \
            info) and --delivery-vehicle ID a delivery driver's (its vehicle and the tasks assigned to it). \
            --fleet-reader mints a read-only token for everything, --server a token for everything (trips, \
            vehicles, delivery vehicles, tasks). Uses the key `tripterm serve` keeps in its data directory \
            (created if missing), so point both at the same --db or --data-dir. Several ids of one kind print one \
            token per id, one per line, in order: a load test's riders or drivers each get their own without \
            starting the command thousands of times.
            """
    )

    @Option(help: "Consumer token for this trip id (\"*\" for every trip); repeat for one token per trip.")
    var trip: [String] = []

    @Option(help: "Driver token for this vehicle id (\"*\" for every vehicle); repeat for one token per vehicle.")
    var vehicle: [String] = []

    @Option(
        name: .customLong("delivery-vehicle"),
        help: "Delivery driver token for this delivery vehicle id; repeat for one token per vehicle.")
    var deliveryVehicle: [String] = []

    @Option(
        name: .customLong("tracking-id"),
        help: "Shipment consumer token for this tracking id (GetTaskTrackingInfo); repeat for one token per id.")
    var trackingID: [String] = []

    @Flag(help: "Server token: every trip, vehicle, delivery vehicle, task and shipment.")
    var server = false

    @Flag(name: .customLong("fleet-reader"), help: "Read-only token: reads everything, writes nothing.")
    var fleetReader = false

    @Option(help: "Lifetime, e.g. 30m, 1h, 90s (at most 1h, Fleet Engine's limit).")
    var ttl = "1h"

    @Option(help: "The server's SQLite database; the key is read from beside it.")
    var db: String?

    @Option(name: .customLong("data-dir"), help: "The server's data directory (holds server-key.pem).")
    var dataDir: String?

    func validate() throws {
        let kinds = [!trip.isEmpty, !vehicle.isEmpty, !deliveryVehicle.isEmpty, !trackingID.isEmpty]
        let chosen = (kinds + [server, fleetReader]).filter { $0 }.count
        guard chosen >= 1 else {
            throw ValidationError(
                "choose one of --trip ID, --vehicle ID, --delivery-vehicle ID, --tracking-id ID, --fleet-reader or --server"
            )
        }
        guard !server || chosen == 1 else { throw ValidationError("--server already covers everything") }
        guard !fleetReader || chosen == 1 else { throw ValidationError("--fleet-reader already reads everything") }
        guard chosen == 1 || (trip.count == 1 && vehicle.count == 1 && chosen == 2) else {
            throw ValidationError(
                "one token per id takes several ids of one kind (--trip, --vehicle, --delivery-vehicle or --tracking-id), not of several"
            )
        }
        _ = try lifetime()
    }

    func lifetime() throws -> Duration {
        guard let seconds = Self.seconds(ttl) else {
            throw ValidationError("--ttl \"\(ttl)\" is not a duration like 30m, 1h or 90s")
        }
        guard seconds > 0, seconds <= 3600 else { throw ValidationError("--ttl must be between 1s and 1h, got \(ttl)") }
        return .seconds(seconds)
    }

    static func seconds(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600]
        if let unit = text.last, let factor = units[unit], let value = Int(text.dropLast()) { return value * factor }
        return Int(text)
    }

    func run() async throws {
        let directory = FleetServerConfiguration.dataDirectory(databasePath: db, dataDirectory: dataDir)
        let key: ServerKey
        do {
            key = try ServerKey.loadOrCreate(in: directory)
        } catch {
            FileHandle.standardError.write(Data("tripterm token: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let minter = TokenMinter(
            key: key, issuer: fleetReader ? TokenMinter.fleetReaderIssuer : TokenMinter.defaultIssuer)
        let lifetime = try lifetime()
        for claims in claimsToMint() {
            print(try await minter.mint(claims, lifetime: lifetime))
        }
    }

    /// One token's claims per line to print: the server's (a reader's too, read-only by its issuer), a trip's and
    /// vehicle's together, or one per id.
    func claimsToMint() -> [AuthorizationClaims] {
        if server || fleetReader { return [.server] }
        if trip.count == 1 && vehicle.count == 1 {
            return [AuthorizationClaims(tripid: trip[0], vehicleid: vehicle[0])]
        }
        return trip.map { AuthorizationClaims(tripid: $0, vehicleid: nil) }
            + vehicle.map { AuthorizationClaims(tripid: nil, vehicleid: $0) }
            + deliveryVehicle.map { AuthorizationClaims(deliveryvehicleid: $0) }
            + trackingID.map { AuthorizationClaims(trackingid: $0) }
    }
}
