import ArgumentParser
import AsyncHTTPClient
import FleetClient
import FleetModel
import Foundation
import TerminalUI
import TripFollowing
import TripRecordings

/// `tripterm rider --trip providers/p/trips/t`: follows a live trip the way a rider's app does, from tripterm's
/// local server or Google's Fleet Engine — the same requests for both.
struct RiderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rider",
        abstract: "Follow a live trip, as a rider's app does, from the local server or Google's Fleet Engine.",
        discussion: """
            Polls GetTrip (view JOURNEY_SHARING_V1S, with delta route versions) every --interval seconds and shows \
            the trip on a terminal map; r polls at once, ? lists the keys. --headless prints one line per subscriber \
            callback instead (also when output is not a terminal; --json: {"time", "callback", "value"} JSON Lines) \
            and exits 0 when the trip is COMPLETE or CANCELED. \
            Failures are shown with their code and class: recoverable ones are retried with backoff, client ones \
            (name, token, permission, quota) every 15 s until someone acts.
            """
    )

    @Option(help: ArgumentHelp("The trip to follow.", valueName: "providers/{provider}/trips/{trip}"))
    var trip: String

    @Option(
        help: ArgumentHelp(
            "The Fleet Engine REST endpoint: the local server, or https://fleetengine.googleapis.com.", valueName: "url"
        ))
    var backend: String = "http://127.0.0.1:8787"

    @OptionGroup
    var trust: CAFileOptions

    @Option(
        help: ArgumentHelp("Seconds between polls, at least 1 (the Consumer SDK polls every 5).", valueName: "seconds"))
    var interval: Double = 5

    /// Test-only pacing (the fault soak in TriptermTests): poll every N ms, below --interval's 1 s floor, and retry
    /// every failure, client ones included, at that pace. Hidden, as no rider needs it; see docs/client.md.
    @Option(name: .customLong("poll-ms"), help: .hidden)
    var pollMilliseconds: Int?

    /// Test-only: the request timeout in ms (15 s otherwise), so a stalled response fails fast in the soak.
    @Option(name: .customLong("request-timeout-ms"), help: .hidden)
    var requestTimeoutMilliseconds: Int?

    @Option(
        name: .customLong("region-code"),
        help: ArgumentHelp("Send header.regionCode (a CLDR region such as US) with each request.", valueName: "code"))
    var regionCode: String?

    @OptionGroup(title: "Authorization")
    var auth: TokenOptions

    @OptionGroup(title: "Output")
    var output: LineOutputOptions

    @Option(help: ArgumentHelp("Also record what is followed to this trip file.", valueName: "file"))
    var record: String?

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup
    var profileOptions: ProfileOptions

    func validate() throws {
        guard interval.isFinite, interval >= 1 else {
            throw ValidationError("--interval must be a number of seconds, at least 1, not '\(interval)'")
        }
        if let ms = pollMilliseconds, ms < 1 { throw ValidationError("--poll-ms must be at least 1") }
        if let ms = requestTimeoutMilliseconds, ms < 1 {
            throw ValidationError("--request-timeout-ms must be at least 1")
        }
        if let regionCode, regionCode.count != 2 || !regionCode.allSatisfy(\.isLetter) {
            throw ValidationError("--region-code must be a two-letter region such as US, not '\(regionCode)'")
        }
    }

    func run() async throws {
        let name: TripName
        do {
            name = try TripName(parsing: trip)
        } catch {
            throw CommandFailure("--trip: \(error)")
        }
        try await withFleetHTTPClient(trusting: trust.authority) { http in try await follow(name, http: http) }
    }

    /// The poll interval from --interval, or the test-only --poll-ms pacing.
    private var modelOptions: TripModelOptions {
        guard let ms = pollMilliseconds else {
            return TripModelOptions(pollInterval: .milliseconds(Int64(interval * 1000)))
        }
        return .paced(every: .milliseconds(ms))
    }

    private func follow(_ name: TripName, http: HTTPClient) async throws {
        var options = FleetClientOptions(role: .consumer)
        if let regionCode { options.requestHeader = RequestHeader(regionCode: regionCode.uppercased()) }
        if let ms = requestTimeoutMilliseconds { options.requestTimeout = .milliseconds(ms) }
        let client: FleetEngineClient
        do {
            client = try FleetEngineClient(
                baseURL: backend, tokenProvider: auth.provider(httpClient: http), httpClient: http, options: options)
        } catch {
            throw CommandFailure("--backend: \(error.message)")
        }
        let backend = FleetEngineBackend(client: client)
        let model = TripModel(tripName: name, backend: backend, options: modelOptions)
        let recorder = try record.map { path in
            try TripRecorder(path: path, tripName: name, source: "rider \(client.baseURL)")
        }
        if let recorder { await model.register(recorder) }
        // Piped or redirected output gets the lines a script can read, as if --headless were given.
        if output.printsLines {
            await TripFollowerSession.reportOnStandardError(recorder)
            await TripFollowerSession.runHeadless(model, json: output.json)
        } else {
            try await TripFollowerSession.runScreen(
                model, backendName: client.baseURL, display: display, recorder: recorder)
        }
        await model.stop()
        if let recorder {
            await recorder.close()
            if let error = await recorder.failureReport { throw error }
        }
    }
}
