import FleetModel

/// One call the server answered, as the service layer hands it to the log export: the typed request and answer (or
/// the error), and when. Taken on the request path, so it is only values — no encoding, no I/O; the export's writer
/// makes the Cloud Logging entry from it (``LogEntryEncoder``).
struct LoggedCall: Sendable {
    var method: LogMethod
    /// The time the call was answered at, by the server's clock: the entry's `timestamp`.
    var time: ProtoTimestamp
    var request: any ProtoMessage
    var outcome: Outcome

    enum Outcome: Sendable {
        case response(any ProtoMessage)
        /// The error the caller was answered with (a fault is INTERNAL, as it was answered).
        case failure(FleetError)
    }
}
