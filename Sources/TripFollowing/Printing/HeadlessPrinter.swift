import FleetModel
import Foundation

/// A subscriber that prints one line per callback — for scripts, monitoring and `make demo` before a terminal UI:
/// `tripterm replay FILE --headless` and `tripterm rider --headless`.
///
/// Text lines are `TIME  CALLBACK  SUMMARY` (the callback padded to 26 columns); with `json` each line is an object
/// `{"time": …, "callback": …, "value": …}` whose value is the Fleet Engine JSON of what changed.
public actor HeadlessPrinter: TripModelSubscriber {
    public enum Format: Sendable { case text, json }

    private let format: Format
    private let now: @Sendable () -> ProtoTimestamp
    private let write: @Sendable (String) -> Void
    /// Lines printed so far.
    public private(set) var lineCount = 0

    /// - Parameters:
    ///   - now: the time printed on each line (replay time in replays, wall time live).
    ///   - write: where lines go; standard output by default.
    public init(
        format: Format = .text, now: @escaping @Sendable () -> ProtoTimestamp,
        write: @escaping @Sendable (String) -> Void = HeadlessPrinter.standardOutput
    ) {
        self.format = format
        self.now = now
        self.write = write
    }

    /// Writes a line to standard output at once, so a pipe sees each line as it happens (``StandardOutput``).
    public static let standardOutput: @Sendable (String) -> Void = { line in StandardOutput.write(line + "\n") }

    /// Updates are stamped with when the backend observed them; failures with the clock's time.
    private func stamp(_ model: TripModel) async -> ProtoTimestamp { await model.observedAt ?? now() }

    private func emit(at stamp: ProtoTimestamp, _ callback: String, _ summary: String, _ value: JSONValue) {
        lineCount += 1
        let time = stamp.rfc3339
        switch format {
        case .text:
            write(time + "  " + callback.padding(toLength: 26, withPad: " ", startingAt: 0) + summary)
        case .json:
            let object = JSONValue.object(["time": .string(time), "callback": .string(callback), "value": value])
            write((try? ProtoJSON.encodeString(object)) ?? "{}")
        }
    }

    public func tripModel(
        _ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields
    ) async {
        emit(at: await stamp(model), "trip", fields.description, .array(fields.names.map(JSONValue.string)))
    }

    public func tripModel(_ model: TripModel, didUpdate tripStatus: TripStatus) async {
        emit(at: await stamp(model), "status", tripStatus.protoName, .string(tripStatus.protoName))
    }

    public func tripModel(_ model: TripModel, didUpdate vehicleLocation: VehicleLocation?) async {
        emit(
            at: await stamp(model), "vehicleLocation", vehicleLocation.map(Summary.location) ?? "none",
            vehicleLocation.map { JSONValue(protoJSONOf: $0) } ?? .null)
    }

    public func tripModel(_ model: TripModel, didUpdateActiveRoute route: [LatLng]) async {
        let text = "\(Summary.count(route.count, "point")), \(Summary.distance(route.length))"
        emit(at: await stamp(model), "activeRoute", text, JSONValue(protoJSONOf: route.map(ProtoFieldList.init)))
    }

    public func tripModel(_ model: TripModel, didUpdateActiveRouteRemainingDistance meters: Int32?) async {
        emit(
            at: await stamp(model), "remainingDistance", meters.map { Summary.distance(Double($0)) } ?? "none",
            meters.map { .number(Double($0)) } ?? .null)
    }

    public func tripModel(_ model: TripModel, didUpdateActiveRouteTraffic traffic: ConsumableTrafficPolyline?) async {
        let summary =
            traffic.map { t in
                t.speedReadingInterval.map {
                    "\($0.speed.protoName) \($0.startPolylinePointIndex)–\($0.endPolylinePointIndex)"
                }.joined(separator: ", ")
            } ?? "none"
        emit(
            at: await stamp(model), "traffic", summary.isEmpty ? "no readings" : summary,
            traffic.map { JSONValue(protoJSONOf: $0) } ?? .null)
    }

    public func tripModel(_ model: TripModel, didUpdatePickupLocation pickup: TerminalLocation?) async {
        emit(
            at: await stamp(model), "pickup", pickup?.point.map(Summary.point) ?? "none",
            pickup.map { JSONValue(protoJSONOf: $0) } ?? .null)
    }

    public func tripModel(_ model: TripModel, didUpdatePickupETA eta: ProtoTimestamp?) async {
        emit(
            at: await stamp(model), "pickupETA", eta.map { Summary.eta($0, now: now()) } ?? "none",
            eta.map { .string($0.rfc3339) } ?? .null)
    }

    public func tripModel(_ model: TripModel, didUpdateDropoffLocation dropoff: TerminalLocation?) async {
        emit(
            at: await stamp(model), "dropoff", dropoff?.point.map(Summary.point) ?? "none",
            dropoff.map { JSONValue(protoJSONOf: $0) } ?? .null)
    }

    public func tripModel(_ model: TripModel, didUpdateDropoffETA eta: ProtoTimestamp?) async {
        emit(
            at: await stamp(model), "dropoffETA", eta.map { Summary.eta($0, now: now()) } ?? "none",
            eta.map { .string($0.rfc3339) } ?? .null)
    }

    public func tripModel(_ model: TripModel, didUpdateIntermediateDestinations destinations: [TerminalLocation]) async
    {
        emit(
            at: await stamp(model), "intermediateDestinations",
            "\(destinations.count) stop\(destinations.count == 1 ? "" : "s")",
            JSONValue(protoJSONOf: destinations.map(ProtoFieldList.init)))
    }

    public func tripModel(_ model: TripModel, didUpdateRemaining waypoints: [TripWaypoint]) async {
        let summary = waypoints.map { w in
            let kind = Summary.waypointKind(w.waypointType)
            return w.tripId.isEmpty ? kind : "\(kind) (\(w.tripId))"
        }.joined(separator: ", ")
        emit(
            at: await stamp(model), "remainingWaypoints", summary.isEmpty ? "none" : summary,
            JSONValue(protoJSONOf: waypoints.map(ProtoFieldList.init)))
    }

    public func tripModel(_ model: TripModel, didFailUpdateTripWithError error: TripServiceError) async {
        let retry = await model.retryDelay
        let summary =
            "\(error) — \(error.errorClass == .recoverable ? "retrying in \(Summary.duration(retry))" : error.hint)"
        var object: [String: JSONValue] = [
            "code": .string(error.code.name), "class": .string(error.errorClass.rawValue),
            "message": .string(error.message),
            "retryInSeconds": .number(retry.inSeconds),
        ]
        if let http = error.httpStatus { object["httpStatus"] = .number(Double(http)) }
        emit(at: now(), "error", summary, .object(object))
    }

    public func tripModel(_ model: TripModel, didRecoverAfter failures: Int, lastError: TripServiceError) async {
        emit(
            at: now(), "recovered",
            "after \(failures) failed poll\(failures == 1 ? "" : "s") (last: \(lastError.code.name))",
            .object(["failures": .number(Double(failures))]))
    }
}

/// Wraps a list so the proto JSON encoder writes it as an array of messages.
struct ProtoFieldList<Element: ProtoMessage>: Encodable {
    let element: Element
    init(_ element: Element) { self.element = element }
    func encode(to encoder: any Encoder) throws { try element.encode(to: encoder) }
}
