import FleetModel
import Foundation
import MapRendering
import TerminalCore
import TripFollowing

/// The shipment screen as a pure function — `tripterm track` on a terminal: the map (the van, its route to the
/// shipment's stop and the stop itself), a panel saying where the shipment stands as a tracking page says it, what
/// the task's visibility rules hide, the status bar and the keys. The event loop calls it once per frame it needs;
/// golden tests call it with hand-built states.
public struct ShipmentScreen: Sendable, Equatable {
    public var state: ShipmentViewState
    public var now: ProtoTimestamp
    public var styles: ScreenStyles
    public var ascii: Bool
    public var notice: String?
    public var isFitting: Bool
    public var timeZone: ClockZone
    /// The other view Tab switches to (the demo's driver console), named in the key line.
    public var switchTarget: String?

    public init(
        state: ShipmentViewState, now: ProtoTimestamp, styles: ScreenStyles = .color256, ascii: Bool = false,
        notice: String? = nil, isFitting: Bool = true, timeZone: ClockZone = .local, switchTarget: String? = nil
    ) {
        self.switchTarget = switchTarget
        self.state = state
        self.now = now
        self.styles = styles
        self.ascii = ascii
        self.notice = notice
        self.isFitting = isFitting
        self.timeZone = timeZone
    }

    /// Below this the screen shows ``TooSmallNotice``.
    static let minimumSize = TerminalSize(width: 40, height: 10)
    /// The panel's height under the map.
    static let panelHeight = 5

    /// The map's place for a terminal of `size`, nil when it is too small.
    static func mapArea(size: TerminalSize) -> Rect? {
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else { return nil }
        return Layout.vertical([.fill(), .length(panelHeight), .length(1), .length(1)])
            .split(Rect(width: size.width, height: size.height))[0]
    }

    /// The frame for a terminal of `size`, `map` rendered for ``mapArea(size:)``.
    public func compose(size: TerminalSize, map: CellBuffer?) -> CellBuffer {
        var buffer = CellBuffer(width: size.width, height: size.height)
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            buffer.render(TooSmallNotice(minimum: Self.minimumSize, styles: styles), in: buffer.area)
            return buffer
        }
        let rows = Layout.vertical([.fill(), .length(Self.panelHeight), .length(1), .length(1)])
            .split(Rect(width: size.width, height: size.height))
        buffer.render(MapView(map: map, isFollowing: isFitting, styles: styles, ascii: ascii), in: rows[0])
        buffer.fill(rows[1], with: .blank)
        let inner = rows[1].inset(left: 1, right: 1)
        for (index, line) in panelLines.prefix(inner.height).enumerated() {
            line.draw(into: &buffer, x: inner.x, y: inner.y + index, width: inner.width, ascii: ascii)
        }
        var source = ["track " + state.trackingID, state.backendName]
        if let updated = state.updatedAt { source.append("updated " + Formatting.clockTime(updated, in: timeZone)) }
        buffer.render(
            StatusBar(
                source: source.map { $0 + "  " }, notice: notice, failure: state.failure, outcome: outcome, now: now,
                styles: styles, ascii: ascii),
            in: rows[2])
        buffer.render(
            KeyHintLine(hints: ShipmentKeyBindings.hints(switchTarget: switchTarget), styles: styles, ascii: ascii),
            in: rows[3])
        return buffer
    }

    /// A closed shipment's outcome, for the status bar's right side.
    private var outcome: String? {
        guard let info = state.info, info.state == .closed else { return nil }
        return info.taskOutcome == .taskOutcomeUnspecified ? "CLOSED" : "CLOSED " + info.taskOutcome.protoName
    }

    var panelLines: [StyledLine] {
        guard let info = state.info else {
            return [StyledLine([("Waiting for the shipment's first answer…", styles.dim)])]
        }
        let dot = ascii ? " - " : " · "
        var lines: [StyledLine] = []
        lines.append(
            StyledLine([
                ("Shipment ", styles.label),
                (info.trackingId.isEmpty ? state.trackingID : info.trackingId, styles.heading),
                ("  " + info.state.protoName, info.state == .closed ? styles.finished : styles.text),
                ("  " + headline(info), styles.heading),
            ]))
        var estimate = StyledLine()
        if let eta = info.estimatedArrivalTime {
            estimate.append("arrives ", styles.label)
            estimate.append(
                Formatting.shortClockTime(eta, in: timeZone) + " (in " + Formatting.duration(eta - now) + ")",
                styles.text)
        }
        if let done = info.estimatedTaskCompletionTime {
            if !estimate.runs.isEmpty { estimate.append(dot, styles.dim) }
            estimate.append("done by ", styles.label)
            estimate.append(Formatting.shortClockTime(done, in: timeZone), styles.text)
        }
        if let meters = info.remainingDrivingDistanceMeters {
            if !estimate.runs.isEmpty { estimate.append(dot, styles.dim) }
            estimate.append(Formatting.distance(Double(meters)) + " to drive", styles.text)
        }
        if !estimate.runs.isEmpty { lines.append(estimate) }
        if let outcomeTime = info.taskOutcomeTime {
            lines.append(
                StyledLine([
                    ("outcome ", styles.label),
                    (
                        info.taskOutcome.protoName + " at " + Formatting.clockTime(outcomeTime, in: timeZone),
                        styles.text
                    ),
                ]))
        }
        if let window = info.targetTimeWindow, let start = window.startTime, let end = window.endTime {
            lines.append(
                StyledLine([
                    ("window ", styles.label),
                    (
                        Formatting.shortClockTime(start, in: timeZone) + "–"
                            + Formatting.shortClockTime(end, in: timeZone),
                        styles.text
                    ),
                ]))
        }
        let hidden = ShipmentElement.hidden(in: info)
        if !hidden.isEmpty {
            lines.append(
                StyledLine([
                    ("hidden by the task's visibility rules: ", styles.dim),
                    (hidden.map(Self.label).joined(separator: ", "), styles.dim),
                ]))
        }
        return lines
    }

    /// What a tracking page says (Google's sample): stops away, the next stop, or how it ended.
    private func headline(_ info: TaskTrackingInfo) -> String {
        switch (info.state, info.taskOutcome, info.remainingStopCount) {
        case (.closed, .succeeded, _), (.open, .succeeded, _): "Completed"
        case (.closed, _, _), (.open, .failed, _): "Attempted"
        case (_, _, let count?) where count > 1: "\(count) stops away"
        case (_, _, 1?): "you are the next stop"
        default: ShipmentElement.hidden(in: info).isEmpty && info.vehicleLocation == nil ? "not on its way yet" : ""
        }
    }

    static func label(_ element: ShipmentElement) -> String {
        switch element {
        case .remainingStopCount: "stops away"
        case .remainingDrivingDistance: "distance"
        case .estimatedArrivalTime: "arrival"
        case .estimatedTaskCompletionTime: "completion"
        case .vehicleLocation: "the van's place"
        case .route: "route"
        case .state, .taskOutcome, .plannedLocation: element.rawValue
        }
    }
}
