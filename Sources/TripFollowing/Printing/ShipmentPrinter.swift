import FleetModel
import Foundation

/// A ``ShipmentTrackerSubscriber`` that prints one line per changed element — `tripterm track --headless` — as
/// ``HeadlessPrinter`` prints a trip's callbacks: `TIME  ELEMENT  SUMMARY`, or with `json` an object
/// `{"time": …, "element": …, "value": …}` whose value is the element's Fleet Engine JSON. What the task's
/// visibility rules hide is said on a `hidden` line whenever that changes; the CLOSED answer ends with a `closed`
/// line naming the outcome.
public actor ShipmentPrinter: ShipmentTrackerSubscriber {
    private let format: HeadlessPrinter.Format
    private let now: @Sendable () -> ProtoTimestamp
    private let write: @Sendable (String) -> Void
    private var hidden: [ShipmentElement] = []
    public private(set) var lineCount = 0

    public init(
        format: HeadlessPrinter.Format = .text, now: @escaping @Sendable () -> ProtoTimestamp,
        write: @escaping @Sendable (String) -> Void = HeadlessPrinter.standardOutput
    ) {
        self.format = format
        self.now = now
        self.write = write
    }

    private func emit(_ element: String, _ summary: String, _ value: JSONValue) {
        lineCount += 1
        let time = now().rfc3339
        switch format {
        case .text:
            write(time + "  " + element.padding(toLength: 28, withPad: " ", startingAt: 0) + summary)
        case .json:
            let object = JSONValue.object(["time": .string(time), "element": .string(element), "value": value])
            write((try? ProtoJSON.encodeString(object)) ?? "{}")
        }
    }

    public func shipmentTracker(
        _ tracker: ShipmentTracker, didUpdate info: TaskTrackingInfo, changed: [ShipmentElement]
    ) async {
        for element in changed { emit(element.rawValue, summary(element, info), value(element, info)) }
        let nowHidden = ShipmentElement.hidden(in: info)
        if nowHidden != hidden {
            hidden = nowHidden
            emit(
                "hidden", nowHidden.isEmpty ? "nothing" : nowHidden.map(\.rawValue).joined(separator: ", "),
                .array(nowHidden.map { .string($0.rawValue) }))
        }
        if info.state == .closed {
            let outcome = info.taskOutcome == .taskOutcomeUnspecified ? "no outcome" : info.taskOutcome.protoName
            let at = info.taskOutcomeTime.map { " at \($0.rfc3339)" } ?? ""
            emit("closed", outcome + at, .string(info.taskOutcome.protoName))
        }
    }

    public func shipmentTracker(_ tracker: ShipmentTracker, didFailWithError error: TripServiceError) async {
        var object: [String: JSONValue] = [
            "code": .string(error.code.name), "class": .string(error.errorClass.rawValue),
            "message": .string(error.message),
        ]
        if let http = error.httpStatus { object["httpStatus"] = .number(Double(http)) }
        let next = error.errorClass == .recoverable ? "retrying" : error.hint
        emit("error", "\(error) — \(next)", .object(object))
    }

    public func shipmentTracker(
        _ tracker: ShipmentTracker, didRecoverAfter failures: Int, lastError: TripServiceError
    ) async {
        emit(
            "recovered", "after \(failures) failed poll\(failures == 1 ? "" : "s") (last: \(lastError.code.name))",
            .object(["failures": .number(Double(failures))]))
    }

    private func summary(_ element: ShipmentElement, _ info: TaskTrackingInfo) -> String {
        let none = "none"
        switch element {
        case .state: return info.state.protoName
        case .taskOutcome: return info.taskOutcome.protoName
        case .plannedLocation: return info.plannedLocation?.point.map(Summary.point) ?? none
        case .remainingStopCount:
            guard let count = info.remainingStopCount else { return none }
            return count <= 1 ? "the next stop" : "\(count) stops away"
        case .remainingDrivingDistance:
            return info.remainingDrivingDistanceMeters.map { Summary.distance(Double($0)) } ?? none
        case .estimatedArrivalTime: return info.estimatedArrivalTime.map { Summary.eta($0, now: now()) } ?? none
        case .estimatedTaskCompletionTime:
            return info.estimatedTaskCompletionTime.map { Summary.eta($0, now: now()) } ?? none
        case .vehicleLocation: return info.vehicleLocation?.location.map(Summary.point) ?? none
        case .route:
            let points = info.routePolylinePoints
            return points.isEmpty ? none : "\(Summary.count(points.count, "point")), \(Summary.distance(points.length))"
        }
    }

    private func value(_ element: ShipmentElement, _ info: TaskTrackingInfo) -> JSONValue {
        switch element {
        case .state: .string(info.state.protoName)
        case .taskOutcome: .string(info.taskOutcome.protoName)
        case .plannedLocation: info.plannedLocation.map { JSONValue(protoJSONOf: $0) } ?? .null
        case .remainingStopCount: info.remainingStopCount.map { .number(Double($0)) } ?? .null
        case .remainingDrivingDistance: info.remainingDrivingDistanceMeters.map { .number(Double($0)) } ?? .null
        case .estimatedArrivalTime: info.estimatedArrivalTime.map { .string($0.rfc3339) } ?? .null
        case .estimatedTaskCompletionTime: info.estimatedTaskCompletionTime.map { .string($0.rfc3339) } ?? .null
        case .vehicleLocation: info.vehicleLocation.map { JSONValue(protoJSONOf: $0) } ?? .null
        case .route: JSONValue(protoJSONOf: info.routePolylinePoints.map(ProtoFieldList.init))
        }
    }
}
