import ArgumentParser
import AsyncHTTPClient
import FleetClient
import FleetEvents
import FleetModel
import Foundation

/// `tripterm events --provider P`: prints the events the local server recorded (trip statuses, vehicles online,
/// silent or crossing geofences, task outcomes), oldest first, from tripterm's own events endpoint.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Print the events the local server recorded for a provider (and, with --follow, those to come).",
        discussion: """
            Reads GET /v1/providers/{p}/events — tripterm serve's own endpoint, which Google's Fleet Engine does not \
            have — with a server token: every event after --after (an event id; from the oldest by default), or \
            the newest --last N, one line each (--json: the webhook's JSON body), then exits; --follow keeps \
            printing new ones as they are recorded. The server records events when it runs with --events-url, \
            --geofence or --events (docs/server.md, "Events"); one started without them answers that events are \
            off, and the command fails.
            """
    )

    @Option(help: ArgumentHelp("The provider whose events to print.", valueName: "project|providers/{project}"))
    var provider: String

    @Option(help: ArgumentHelp("The local server's REST endpoint.", valueName: "url"))
    var backend: String = "http://127.0.0.1:8787"

    @OptionGroup(title: "Authorization (a server token)")
    var auth: TokenOptions

    @Option(help: ArgumentHelp("Print only the events after this one.", valueName: "event-id"))
    var after: Int64 = 0

    @Option(help: ArgumentHelp("Print only the newest N events (at most 1000), not every one.", valueName: "n"))
    var last: Int?

    @Flag(help: "Keep printing events as they are recorded, until interrupted.")
    var follow = false

    @Flag(help: "One JSON object per line: the body each webhook receives.")
    var json = false

    @Option(help: ArgumentHelp("Seconds between reads with --follow, at least 0.1.", valueName: "seconds"))
    var interval: Double = 1

    func validate() throws {
        guard after >= 0 else { throw ValidationError("--after must be an event id (0 or more), not \(after)") }
        if let last {
            guard (1...1000).contains(last) else { throw ValidationError("--last must be in 1...1000, not \(last)") }
            guard after == 0 else { throw ValidationError("--last and --after cannot go together") }
        }
        guard interval >= 0.1, interval.isFinite else { throw ValidationError("--interval must be at least 0.1") }
    }

    func run() async throws {
        let json = json
        try await withFleetHTTPClient { http in
            let client: FleetEngineClient
            do {
                client = try FleetEngineClient(
                    baseURL: backend, tokenProvider: auth.provider(httpClient: http), httpClient: http,
                    options: FleetClientOptions(role: .server))
            } catch let error as TripServiceError {
                throw CommandFailure("--backend: \(error.message)")
            }
            let follower = EventFollower(
                client: client, provider: provider, follow: follow,
                interval: .milliseconds(Int64(interval * 1000)))
            do {
                try await follower.run(
                    after: after, newest: last,
                    onEvent: { event in
                        FileHandle.standardOutput.write(Data((event.line(json: json) + "\n").utf8))
                    },
                    onFailure: { error in
                        FileHandle.standardError.write(Data("tripterm events: \(error.message); retrying\n".utf8))
                    })
            } catch let error as TripServiceError {
                throw CommandFailure("events: \(error.message)")
            }
        }
    }
}
