import FleetModel
import Foundation

/// Makes one Cloud Logging entry of a call, in the shape Google's Fleet Engine writes it (compare
/// `Tests/Fixtures/jump-demo.json`): `logName` `projects/<p>/logs/fleetengine.googleapis.com%2F<method>`, the
/// `fleetengine.googleapis.com/Fleet` resource with its labels (`DeliveryFleet` for the Deliveries API), entry
/// labels naming the trip and vehicle (or task and delivery vehicle), and `jsonPayload` with the log message's
/// `@type`, its `request` and its `response` or `errorResponse` in Cloud Logging's spelling (``LogJSONWriter``).
///
/// One difference from Google's ordinary entries, on purpose: points, locations and route segments are written as
/// they are, where Google writes opaque `…Handle`s and keeps the geometry for Restricted Use entries — one entry
/// here holds what Google's two do, so a replay needs no merge.
struct LogEntryEncoder {
    /// The entry labels' `environment` (Google writes the Fleet Engine deployment it ran in).
    static let environment = "local"
    /// The first half of every `insertId`, the same for one run of the server; the second half counts entries, so
    /// entries of one timestamp sort in the order they were answered, as the importer sorts them.
    let insertIdPrefix: String
    private var count: UInt64 = 0

    init(insertIdPrefix: String = Self.randomPrefix()) { self.insertIdPrefix = insertIdPrefix }

    static func randomPrefix() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 16).leftPadded(to: 16)
    }

    /// What one entry says about where it belongs, for the Fleet Debugger document's header.
    struct Encoded {
        var json: [UInt8]
        var project: String
        var vehicleID: String?
    }

    /// The entry for `call`, received by Cloud Logging at `received`.
    mutating func encode(_ call: LoggedCall, received: ProtoTimestamp) throws -> Encoded {
        count += 1
        let request = try LogJSONWriter.request(call.request)
        let labels = Self.labels(call, request: request)
        let project = request.provider ?? Self.provider(of: call.outcome) ?? "unknown"
        var payload = JSONObjectBytes()
        payload.member("@type", string: call.method.payloadType)
        payload.member("request", json: request.json)
        switch call.outcome {
        case .response(let response):
            payload.member("response", json: try LogJSONWriter.bytes(of: response, schema: .of(response)))
        case .failure(let error):
            var body = JSONObjectBytes()
            body.member("code", string: error.code.name)
            body.member("httpStatusCode", json: Array(String(error.httpStatus).utf8))
            payload.member("errorResponse", json: body.bytes)
        }
        var resourceLabels = JSONObjectBytes()
        resourceLabels.member("location", string: "global")
        resourceLabels.member("resource_container", string: "projects/\(project)")
        var resource = JSONObjectBytes()
        resource.member("labels", json: resourceLabels.bytes)
        resource.member(
            "type",
            string: call.method.isDeliveries
                ? "fleetengine.googleapis.com/DeliveryFleet" : "fleetengine.googleapis.com/Fleet")
        var labelObject = JSONObjectBytes()
        for (key, value) in labels { labelObject.member(key, string: value) }

        var entry = JSONObjectBytes()
        entry.member("insertId", string: insertIdPrefix + String(count, radix: 16).leftPadded(to: 16))
        entry.member("jsonPayload", json: payload.bytes)
        entry.member("labels", json: labelObject.bytes)
        entry.member("logName", string: call.method.logName(project: project))
        entry.member("receiveTimestamp", string: max(received, call.time).rfc3339)
        entry.member("resource", json: resource.bytes)
        if case .failure = call.outcome { entry.member("severity", string: "ERROR") }
        entry.member("timestamp", string: call.time.rfc3339)
        return Encoded(json: entry.bytes, project: project, vehicleID: labels.first { $0.0 == "vehicle_id" }?.1)
    }

    /// The entry labels Fleet Engine sets: the trip and its vehicle (`trip_id`, `vehicle_id`; a vehicle's first
    /// current trip), or the task and its delivery vehicle (`task_id`, `delivery_vehicle_id`), and `environment`.
    static func labels(_ call: LoggedCall, request: LogJSONWriter.LoggedRequest) -> [(String, String)] {
        var labels: [String: String] = [:]
        for (field, label) in [
            ("tripId", "trip_id"), ("vehicleId", "vehicle_id"), ("deliveryVehicleId", "delivery_vehicle_id"),
            ("taskId", "task_id"),
        ] {
            if let id = request.ids[field], !id.isEmpty { labels[label] = id }
        }
        if case .response(let response) = call.outcome {
            switch response {
            case let trip as Trip where !trip.vehicleId.isEmpty: labels["vehicle_id"] = trip.vehicleId
            case let vehicle as Vehicle:
                if let trip = vehicle.currentTrips.first { labels["trip_id"] = trip }
            case let task as DeliveryTask where !task.deliveryVehicleId.isEmpty:
                labels["delivery_vehicle_id"] = task.deliveryVehicleId
            default: break
            }
        }
        labels["environment"] = environment
        return labels.sorted { $0.key < $1.key }
    }

    /// The provider named by an answer, for a request that names none (a create's `parent` always does).
    private static func provider(of outcome: LoggedCall.Outcome) -> String? {
        guard case .response(let response) = outcome else { return nil }
        let name: String? =
            switch response {
            case let trip as Trip: trip.name
            case let vehicle as Vehicle: vehicle.name
            default: nil
            }
        let parts = name?.split(separator: "/") ?? []
        return parts.count >= 2 && parts[0] == "providers" ? String(parts[1]) : nil
    }
}

/// A JSON object written member by member, as bytes.
struct JSONObjectBytes {
    private var members: [UInt8] = []

    /// The object, closed.
    var bytes: [UInt8] { [UInt8(ascii: "{")] + members + [UInt8(ascii: "}")] }

    mutating func member(_ key: String, json: [UInt8]) {
        if !members.isEmpty { members.append(UInt8(ascii: ",")) }
        var out = ProtoJSONOutput()
        out.writeString(key)
        members += out.bytes
        members.append(UInt8(ascii: ":"))
        members += json
    }

    mutating func member(_ key: String, string: String) {
        var out = ProtoJSONOutput()
        out.writeString(string)
        member(key, json: out.bytes)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
