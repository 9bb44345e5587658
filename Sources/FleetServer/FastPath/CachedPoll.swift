/// A GetTrip request the fast path may answer from the ``AnswerCache`` without waiting: well-formed, by a token whose
/// signature was verified before. Riders repeat the same request on a connection, so ``CachedAnswerHandler`` keeps
/// it for the next one.
struct CachedPoll {
    /// The answer's key in the ``AnswerCache`` (``FleetAPI/answerKey(_:rawQuery:)``).
    var key: String
    var tripID: String
    /// The token's claims, checked again at each answer (they expire).
    var claims: FleetClaims
}
