import ArgumentParser
import AsyncHTTPClient
import FleetClient
import FleetModel
import Foundation
import TerminalUI
import TripFollowing

#if canImport(Glibc)
import Glibc
#endif

/// `tripterm track --provider P --tracking-id ID`: follows a shipment as the JavaScript SDK's shipment location
/// provider does, from tripterm's local server or Google's Fleet Engine — the same request for both.
struct TrackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Follow a shipment (Fleet Engine's Deliveries API), as a tracking page does.",
        discussion: """
            Polls GetTaskTrackingInfo every --interval seconds (at least 5, as Google's JavaScript SDK) and shows \
            the shipment on a terminal map — the van, its route, the stop — with what a tracking page says (stops \
            away, arrival, distance, outcome) and what the task's visibility rules hide; q quits, r polls at once. \
            --headless (also when output is not a terminal; --json: {"time", "element", "value"} JSON Lines) \
            prints one line per change instead and exits 0 once \
            the task is CLOSED, after a line naming its outcome. Failures are shown with their code and class: \
            recoverable ones are retried with backoff, client ones (tracking id, token, permission) every 15 s \
            until someone acts.
            """
    )

    @OptionGroup
    var provider: ProviderOption

    @Option(name: .customLong("tracking-id"), help: ArgumentHelp("The shipment's tracking id.", valueName: "id"))
    var trackingID: String

    @Option(
        help: ArgumentHelp(
            "The Fleet Engine REST endpoint: the local server, or https://fleetengine.googleapis.com.", valueName: "url"
        ))
    var backend: String = "http://127.0.0.1:8787"

    @OptionGroup
    var trust: CAFileOptions

    @Option(help: ArgumentHelp("Seconds between polls, at least 5 (the SDK's floor).", valueName: "seconds"))
    var interval: Double = 5

    /// Test-only pacing: poll every N ms, below the 5 s floor, and retry every failure at that pace.
    @Option(name: .customLong("poll-ms"), help: .hidden)
    var pollMilliseconds: Int?

    @OptionGroup(title: "Authorization")
    var auth: TokenOptions

    @OptionGroup(title: "Output")
    var output: LineOutputOptions

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup
    var profileOptions: ProfileOptions

    func validate() throws {
        guard interval.isFinite, interval >= 5 else {
            throw ValidationError("--interval must be a number of seconds, at least 5, not '\(interval)'")
        }
        if let ms = pollMilliseconds, ms < 1 { throw ValidationError("--poll-ms must be at least 1") }
    }

    func run() async throws {
        let project = try provider.project()
        let name: TaskTrackingInfoName
        do {
            name = try TaskTrackingInfoName(provider: project, trackingID: trackingID)
        } catch {
            throw CommandFailure("--provider/--tracking-id: \(error)")
        }
        try await withFleetHTTPClient(trusting: trust.authority) { http in try await follow(name, http: http) }
    }

    private func follow(_ name: TaskTrackingInfoName, http: HTTPClient) async throws {
        let client: FleetEngineClient
        do {
            client = try FleetEngineClient(
                baseURL: backend, tokenProvider: auth.provider(httpClient: http), httpClient: http,
                options: FleetClientOptions(role: .consumer))
        } catch {
            throw CommandFailure("--backend: \(error.message)")
        }
        let options =
            pollMilliseconds.map { TripModelOptions.paced(every: .milliseconds($0)) }
            ?? TripModelOptions(pollInterval: .milliseconds(Int64(interval * 1000)))
        let tracker = ShipmentTracker(
            name: name, backend: FleetEngineShipmentBackend(client: client), options: options,
            allowsFastPolling: pollMilliseconds != nil)
        if output.printsLines {
            let printer = ShipmentPrinter(format: output.json ? .json : .text, now: { ProtoTimestamp(Date()) })
            await tracker.register(printer)
            await tracker.start()
            await tracker.waitUntilFinished()
            return
        }
        try await ShipmentSession.runScreen(tracker, backendName: client.baseURL, display: display)
    }
}
