import TrackFormats

/// Why one entry of an export was skipped. It becomes an ``InputWarning`` naming the entry, never a failure of the
/// whole import: one damaged entry in thousands should not stop a replay.
struct LogEntryProblem: Error, Sendable {
    var message: String

    init(_ message: String) { self.message = message }
}
