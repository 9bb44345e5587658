import FleetModel

/// A poll the fast path may answer without waiting — a rider's GetTrip or a shipment's GetTaskTrackingInfo —
/// well-formed, by a token whose signature checks without waiting. Pollers repeat the same request on a connection, so
/// ``CachedAnswerHandler`` keeps it for the next one. A class, immutable: each idle connection's handlers hold their
/// last poll, and a reference is 8 bytes where the request and claims inline were hundreds, three times over.
final class CachedPoll: Sendable {
    /// What is polled.
    enum Resource: Sendable {
        /// GetTrip: the request, read from the path and query as the ordinary path reads it, for an answer computed
        /// from memory.
        case trip(GetTripRequest, tripID: String)
        /// GetTaskTrackingInfo of a tracking id, for an answer computed from memory.
        case shipment(TaskTrackingInfoName)
    }

    let resource: Resource
    /// The answer's encoding (`$alt=json;enum-encoding=int` asks for enum numbers).
    let options: ProtoJSONEncodingOptions
    /// The answer's key in the ``AnswerCache`` (``FleetAPI/answerKey(_:rawQuery:)``).
    let key: String
    /// The token's claims, checked again at each answer (they expire).
    let claims: FleetClaims

    init(resource: Resource, options: ProtoJSONEncodingOptions, key: String, claims: FleetClaims) {
        self.resource = resource
        self.options = options
        self.key = key
        self.claims = claims
    }
}
