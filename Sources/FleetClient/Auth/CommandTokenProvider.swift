import FleetModel
import Foundation

/// Gets tokens by running a command (`--token-command 'cmd args'`), the way kubectl runs credential plugins: the
/// command runs under `/bin/sh -c` with `TRIPTERM_TRIP_ID`, `TRIPTERM_VEHICLE_ID`, `TRIPTERM_TRACKING_ID` and `TRIPTERM_ROLE` in its
/// environment, and prints either a bare token or `{"token": "…", "expiresInSeconds": 3600}` on standard output.
///
/// A command that cannot start, fails, times out or prints something else is a client-class UNAUTHENTICATED
/// error naming the command and what went wrong (with the first line of its standard error).
public struct CommandTokenProvider: AuthTokenProvider {
    public let command: String
    /// How long the command may run before it is terminated.
    public let timeout: Duration
    private let now: @Sendable () -> Date

    public init(command: String, timeout: Duration = .seconds(30), now: @escaping @Sendable () -> Date = { Date() }) {
        self.command = command
        self.timeout = timeout
        self.now = now
    }

    public func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken {
        let source = "token command \"\(command)\""
        var environment = ProcessInfo.processInfo.environment
        environment["TRIPTERM_TRIP_ID"] = context.tripID ?? ""
        environment["TRIPTERM_VEHICLE_ID"] = context.vehicleID ?? ""
        environment["TRIPTERM_TRACKING_ID"] = context.trackingID ?? ""
        environment["TRIPTERM_ROLE"] = context.role.rawValue
        let result: CommandRunner.Result
        do {
            result = try await CommandRunner.run(
                executable: "/bin/sh", arguments: ["-c", command], environment: environment, timeout: timeout)
        } catch {
            throw TokenResponse.failure(source, "could not be started: \(error.localizedDescription)")
        }
        if result.timedOut {
            throw TokenResponse.failure(
                source, "did not finish within \(Int(timeout.components.seconds)) s and was stopped")
        }
        guard result.status == 0 else {
            let detail = result.stderr.split(whereSeparator: \.isNewline).first.map { ": \($0)" } ?? ""
            throw TokenResponse.failure(source, "exited with status \(result.status)\(detail)")
        }
        return try TokenResponse.parse(result.stdout, source: source, now: now())
    }
}
