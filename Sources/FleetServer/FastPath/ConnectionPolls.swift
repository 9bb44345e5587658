/// What the two poll handlers of one connection tell each other: ``RepeatedPollHandler``, before the HTTP codec,
/// and ``CachedAnswerHandler``, after it. Both run on the connection's event loop, which is the only place it is used.
final class ConnectionPolls {
    /// Requests passed on to Hummingbird whose response has not been written to its end. While there is one, both
    /// handlers pass later requests on too, so that responses keep the order of requests (HTTP/1.1 pipelining).
    var unanswered = 0
    /// The poll ``CachedAnswerHandler`` answered last, with its request target; ``RepeatedPollHandler`` clears it
    /// before each read it passes on, to learn whether that read was one.
    var answered: (target: String, poll: CachedPoll)?
    /// The `Date` header both write, formatted once a second for the connection.
    var date = HTTPDateCache()
}
