import FleetModel

/// A CreateTrip or UpdateTrip entry decoded: the whole trip as the call left it.
struct TripLogRecord: Sendable {
    var order: LogOrder
    var tripName: TripName
    /// The response, with `name` set to ``tripName`` and the raw fix standing in for a redacted vehicle location.
    var trip: Trip
    /// The entry's place in the export.
    var location: LogEntryLocation?

    /// Decodes the response of a trip call.
    ///
    /// - Returns: nil for a call that failed (an `errorResponse` and no response): it changed nothing.
    /// - Throws: ``LogEntryProblem`` when the response is not a trip or the trip cannot be named.
    static func decode(_ entry: LogEntry) throws(LogEntryProblem) -> TripLogRecord? {
        guard let response = entry.response else {
            if entry.payload["errorresponse"] != nil { return nil }
            throw LogEntryProblem("no response and no errorResponse")
        }
        var trip: Trip
        do {
            trip = try LogSchema.trip.decode(Trip.self, from: response)
        } catch {
            throw LogEntryProblem("jsonPayload.response.\(error)")
        }
        let name = try tripName(trip: trip, entry: entry)
        trip.name = name.description
        trip.lastLocation = trip.lastLocation.map { $0.withRawFallback() }
        return TripLogRecord(order: entry.order, tripName: name, trip: trip, location: entry.location)
    }

    /// The response's `name`, else `providers/<project>/trips/<id>` from the request's `tripId` or the `trip_id` label.
    private static func tripName(trip: Trip, entry: LogEntry) throws(LogEntryProblem) -> TripName {
        if let name = try? TripName(parsing: trip.name) { return name }
        guard let id = entry.request?.logText("tripid") ?? entry.labels["tripid"] else {
            throw LogEntryProblem("no trip name in the response and no tripId in the request or labels")
        }
        guard let project = entry.project else {
            throw LogEntryProblem("no trip name in the response and no project in logName to name trip \(id) with")
        }
        do {
            return try TripName(provider: project, tripID: id)
        } catch {
            throw LogEntryProblem("trip \"\(id)\" of project \"\(project)\": \(error)")
        }
    }
}
