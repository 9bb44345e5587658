import FleetModel

/// A poll the fast path may answer without waiting — a rider's GetTrip or a shipment's GetTaskTrackingInfo —
/// well-formed, by a token whose signature checks without waiting. Pollers repeat the same request on a connection, so
/// ``CachedAnswerHandler`` keeps it for the next one.
struct CachedPoll {
    /// What is polled.
    enum Resource {
        /// GetTrip: the request, read from the path and query as the ordinary path reads it, for an answer computed
        /// from memory.
        case trip(GetTripRequest, tripID: String)
        /// GetTaskTrackingInfo of a tracking id, for an answer computed from memory.
        case shipment(TaskTrackingInfoName)
    }

    var resource: Resource
    /// The answer's encoding (`$alt=json;enum-encoding=int` asks for enum numbers).
    var options: ProtoJSONEncodingOptions
    /// The answer's key in the ``AnswerCache`` (``FleetAPI/answerKey(_:rawQuery:)``).
    var key: String
    /// The token's claims, checked again at each answer (they expire).
    var claims: FleetClaims
}
