import FleetModel

/// Fleet Engine's methods as the protocols call them (`Generated/FleetMethods+Calls.swift`, one for each RPC of
/// `Protos/`): each is its implementation (`perform`, in the method's own file) run through ``logged(_:_:now:_:)``,
/// the one place every call — REST's and gRPC's alike — passes on its way out, where `serve --log-export` takes it
/// for its Cloud Logging entry.
extension FleetMethods {
    /// Runs `body`, the implementation of `method` for `request`, and hands the call with its answer or error to
    /// the log export when there is one (``CallLogExport/offer(_:)``: values only — the entry is made off the
    /// request path). A fault is logged as the INTERNAL error it is answered with.
    func logged<Request: ProtoMessage, Response: ProtoMessage>(
        _ method: LogMethod, _ request: Request, now: ProtoTimestamp, _ body: () async throws -> Response
    ) async throws -> Response {
        guard let callLog else { return try await body() }
        do {
            let response = try await body()
            callLog.offer(LoggedCall(method: method, time: now, request: request, outcome: .response(response)))
            return response
        } catch {
            let answered = error as? FleetError ?? FleetError(.internal, "Internal error.")
            callLog.offer(LoggedCall(method: method, time: now, request: request, outcome: .failure(answered)))
            throw error
        }
    }
}
