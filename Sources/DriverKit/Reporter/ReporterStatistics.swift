import FleetModel
import Foundation

/// Counters of a ``VehicleReporter``, for the console and for tests.
public struct ReporterStatistics: Hashable, Sendable {
    /// UpdateVehicle calls made.
    public var attempts = 0
    public var successes = 0
    /// Failed calls, except the empty-mask ones.
    public var failures = 0
    /// Calls Fleet Engine refused with "update_mask cannot be empty" (INVALID_ARGUMENT): counted apart because they
    /// mean the reporter had nothing to say, not that the vehicle's data was wrong or the network down.
    public var emptyMaskFailures = 0
    /// Intervals at which there was nothing to send (no location, state or route yet), so no call was made.
    public var skippedEmptyUpdates = 0
    /// Failures since the last success.
    public var consecutiveFailures = 0
    public var lastSuccess: Date?
    public var lastFailure: ReporterFailure?

    public init() {}
}

/// The newest failure of a reporter: when, and the classified error.
public struct ReporterFailure: Hashable, Sendable {
    public var time: Date
    public var error: TripServiceError

    public init(time: Date, error: TripServiceError) {
        self.time = time
        self.error = error
    }
}

extension TripServiceError {
    /// Whether this is Fleet Engine's "update_mask cannot be empty" (or the local server's "updateMask is required").
    public var isEmptyUpdateMask: Bool {
        guard code == .invalidArgument else { return false }
        let text = message.lowercased()
        return (text.contains("update_mask") || text.contains("updatemask"))
            && (text.contains("empty") || text.contains("required"))
    }
}
