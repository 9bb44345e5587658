import FleetModel

/// TripService's ReportBillableTrip: Fleet Engine bills the provider for it; this server checks it as Google's
/// reference describes the request and records it in its database (`billable_trip`), where nothing reads it back.
extension FleetMethods {
    /// Checks the report and records it, answering the empty message as Google does. Reporting an id again replaces
    /// the record, so a retried call is harmless. Only a server token may call it.
    func perform(
        _ request: ReportBillableTripRequest, principal: Principal, now: ProtoTimestamp
    ) async throws -> EmptyMessage {
        try Authorizer.authorize(principal, .reportBillableTrip)
        let name = try BillableTripName(parsing: request.name)
        try BillableTrips.validate(request)
        var record = request
        record.countryCode = request.countryCode.uppercased()
        if record.solutionType == .solutionTypeUnspecified { record.solutionType = .onDemandRidesharingAndDeliveries }
        let stored = record
        try await store.write { tx in try tx.record(stored, as: name, at: now) }
        return EmptyMessage()
    }
}
