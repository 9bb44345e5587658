import FleetModel
import Foundation

/// An event as recorded and sent: the webhook's JSON body, an item of `GET /v1/providers/{p}/events` and a line
/// of `tripterm events --json`.
///
/// ```json
/// {"after":{"tripStatus":"ENROUTE_TO_PICKUP"},"before":{"tripStatus":"NEW"},"eventId":12,
///  "provider":"p","timestamp":"2026-11-28T10:00:00Z","trip":"providers/p/trips/t1","type":"trip-status",
///  "vehicle":"providers/p/vehicles/v1"}
/// ```
///
/// `eventId` grows with every event the server records, so it orders them and is a cursor (`?after=`).
/// Resource names that do not apply are left out, as are `before` for a new resource.
public struct FleetEventRecord: Codable, Hashable, Sendable {
    public var eventId: Int64
    /// The kind's name (``FleetEventKind``); a string, so that a reader older than a new kind still reads it.
    public var type: String
    /// When the write that caused it ran, by the server's clock (RFC 3339).
    public var timestamp: String
    public var provider: String
    public var trip: String?
    public var vehicle: String?
    public var task: String?
    public var geofence: String?
    public var before: JSONValue?
    public var after: JSONValue?

    public init(id: Int64, provider: String, time: ProtoTimestamp, event: DetectedEvent) {
        eventId = id
        type = event.kind.rawValue
        timestamp = time.rfc3339
        self.provider = provider
        trip = event.trip.isEmpty ? nil : event.trip
        vehicle = event.vehicle.isEmpty ? nil : event.vehicle
        task = event.task.isEmpty ? nil : event.task
        geofence = event.geofence.isEmpty ? nil : event.geofence
        before = event.before
        after = event.after
    }

    public var kind: FleetEventKind? { FleetEventKind(rawValue: type) }

    /// The body as sent: compact JSON with sorted keys, so the same event is the same bytes on every attempt —
    /// those `JSONEncoder` writes, written directly (once per event and receiver).
    public func jsonBody() -> Data {
        var out = ProtoJSONOutput(capacity: 256)
        var first = true
        func member(_ name: String, _ write: (inout ProtoJSONOutput) -> Void) {
            out.writeJSON(CollectionOfOne(UInt8(ascii: first ? "{" : ",")))
            first = false
            out.writeString(name)
            out.writeJSON(CollectionOfOne(UInt8(ascii: ":")))
            write(&out)
        }
        // In the byte order of the keys.
        if let after { member("after") { after.writeJSON(to: &$0) } }
        if let before { member("before") { before.writeJSON(to: &$0) } }
        member("eventId") { $0.writeInteger(eventId) }
        if let geofence { member("geofence") { $0.writeString(geofence) } }
        member("provider") { $0.writeString(provider) }
        if let task { member("task") { $0.writeString(task) } }
        member("timestamp") { $0.writeString(timestamp) }
        if let trip { member("trip") { $0.writeString(trip) } }
        member("type") { $0.writeString(type) }
        if let vehicle { member("vehicle") { $0.writeString(vehicle) } }
        out.writeJSON(CollectionOfOne(UInt8(ascii: "}")))
        return Data(out.bytes)
    }
}

/// `GET /v1/providers/{p}/events`' answer: the events after the cursor, oldest first.
public struct FleetEventPage: Codable, Hashable, Sendable {
    public var events: [FleetEventRecord]

    public init(events: [FleetEventRecord]) { self.events = events }
}
