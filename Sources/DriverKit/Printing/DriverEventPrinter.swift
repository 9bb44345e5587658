import FleetModel
import Foundation
import TripFollowing

/// `--headless` output: one line per reporter call and per driver event, for scripts and tests.
///
/// ```
/// 2026-11-23T10:00:05Z update 3 ok state=ONLINE location=43.73260,7.41900 nav=ENROUTE_TO_DESTINATION remaining=812m eta=95s
/// 2026-11-23T10:00:15Z update 4 failed UNAVAILABLE (recoverable): backend restarting
/// ```
///
/// With `--json`, JSON Lines shaped like the rider's (`{"time", "event", "value"}`): `update` with the fields sent
/// as Fleet Engine JSON (`vehicle`, or `deliveryVehicle`), `updateFailed` with the failure's code and class, `log`
/// for the session's messages and `stopped` with the reporter's counts.
public final class DriverEventPrinter: VehicleReporterListener {
    public enum Format: Sendable { case text, json }

    private let format: Format
    private let now: @Sendable () -> Date

    public init(format: Format = .text, now: @escaping @Sendable () -> Date = { Date() }) {
        self.format = format
        self.now = now
    }

    public func didSucceed(_ update: VehicleUpdate) async {
        let sent = update.vehicle
        guard format == .text else {
            var value: [String: JSONValue] = [
                "number": .number(Double(update.number)), "updateMask": .array(update.updateMask.map(JSONValue.string)),
            ]
            if let delivery = update.deliveryVehicle {
                value["deliveryVehicle"] = JSONValue(protoJSONOf: delivery)
            } else {
                value["vehicle"] = JSONValue(protoJSONOf: sent)
            }
            if let trips = update.response?.currentTrips { value["currentTrips"] = .array(trips.map(JSONValue.string)) }
            return emit("update", .object(value))
        }
        var fields = ["update \(update.number) ok"]
        if update.updateMask.contains("vehicleState") { fields.append("state=\(sent.vehicleState.protoName)") }
        if let point = sent.lastLocation?.location { fields.append("location=\(TripDriver.text(point))") }
        if update.updateMask.contains("navigationStatus") { fields.append("nav=\(sent.navigationStatus.protoName)") }
        if let meters = sent.remainingDistanceMeters { fields.append("remaining=\(meters)m") }
        if let seconds = sent.remainingTimeSeconds { fields.append("eta=\(seconds)s") }
        if let trips = update.response?.currentTrips, !trips.isEmpty {
            fields.append("trips=\(trips.joined(separator: ","))")
        }
        line(fields.joined(separator: " "))
    }

    public func didFail(_ update: VehicleUpdate, error: TripServiceError) async {
        guard format == .text else {
            var value: [String: JSONValue] = [
                "number": .number(Double(update.number)), "code": .string(error.code.name),
                "class": .string(error.errorClass.rawValue), "message": .string(error.message),
            ]
            if let http = error.httpStatus { value["httpStatus"] = .number(Double(http)) }
            return emit("updateFailed", .object(value))
        }
        line("update \(update.number) failed \(error.code.name) (\(error.errorClass)): \(error.message)")
    }

    /// A message of the session (trip status changes, the source ending, signals).
    public func line(_ text: String) {
        switch format {
        case .text: write("\(ProtoTimestamp(now()).rfc3339) \(text)")
        case .json: emit("log", .string(text))
        }
    }

    /// The last line: how many updates were sent, and how they went.
    public func stopped(_ statistics: ReporterStatistics) {
        let failed = statistics.failures + statistics.emptyMaskFailures
        switch format {
        case .text:
            line(
                "stopped: \(Summary.count(statistics.attempts, "update")), \(statistics.successes) ok, \(failed) failed"
            )
        case .json:
            emit(
                "stopped",
                .object([
                    "updates": .number(Double(statistics.attempts)), "ok": .number(Double(statistics.successes)),
                    "failed": .number(Double(failed)),
                ]))
        }
    }

    private func emit(_ event: String, _ value: JSONValue) {
        let object = JSONValue.object([
            "time": .string(ProtoTimestamp(now()).rfc3339), "event": .string(event), "value": value,
        ])
        write((try? ProtoJSON.encodeString(object)) ?? "{}")
    }

    private func write(_ line: String) { StandardOutput.write(line + "\n") }
}
