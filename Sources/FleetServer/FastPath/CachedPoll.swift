import FleetModel

/// A GetTrip request the fast path may answer without waiting, from the ``AnswerCache`` or from memory: well-formed,
/// by a token whose signature was verified before. Riders repeat the same request on a connection, so
/// ``CachedAnswerHandler`` keeps it for the next one.
struct CachedPoll {
    /// The request, read from the path and query as the ordinary path reads it, for an answer computed from memory.
    var request: GetTripRequest
    /// The answer's encoding (`$alt=json;enum-encoding=int` asks for enum numbers).
    var options: ProtoJSONEncodingOptions
    /// The answer's key in the ``AnswerCache`` (``FleetAPI/answerKey(_:rawQuery:)``).
    var key: String
    var tripID: String
    /// The token's claims, checked again at each answer (they expire).
    var claims: FleetClaims
}
