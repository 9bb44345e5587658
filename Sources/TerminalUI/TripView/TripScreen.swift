import FleetModel
import Foundation
import TerminalCore

/// A whole trip screen as a pure function: state, mode, clock and the already-rendered map pane in, a frame out.
/// The event loop calls it once per frame it needs; golden tests call it with hand-built states.
public struct TripScreen: Sendable, Equatable {
    public var state: TripViewState
    public var mode: TripScreenMode
    public var now: ProtoTimestamp
    public var timeZone: ClockZone
    public var styles: ScreenStyles
    public var ascii: Bool
    public var showHelp: Bool
    /// A short message for the status bar ("follow on", "speed ×20"), shown for a moment after a key.
    public var notice: String?
    /// The other view Tab switches to (the demo's driver console), shown in the hints and the help.
    public var switchTarget: String?
    /// Whether the camera follows the trip (shown in the map's corner when it does not).
    public var isFollowing: Bool

    public init(
        state: TripViewState, mode: TripScreenMode, now: ProtoTimestamp, timeZone: ClockZone = .local,
        styles: ScreenStyles = .color256, ascii: Bool = false, showHelp: Bool = false, notice: String? = nil,
        isFollowing: Bool = true
    ) {
        self.state = state
        self.mode = mode
        self.now = now
        self.timeZone = timeZone
        self.styles = styles
        self.ascii = ascii
        self.showHelp = showHelp
        self.notice = notice
        self.isFollowing = isFollowing
    }

    /// Updates older than this are shown as stale: three missed polls, and never less than 15 s.
    var staleAfter: Duration {
        switch mode {
        case .rider(let interval): max(.seconds(15), interval * 3)
        case .replay: .seconds(30)
        }
    }

    /// The frame for a terminal of `size`, with `map` (rendered for `layout.map`'s size) in the map pane: the
    /// widgets of the screen, each in the area ``TripScreenLayout`` gives it.
    public func compose(size: TerminalSize, map: CellBuffer?) -> CellBuffer {
        var buffer = CellBuffer(width: size.width, height: size.height)
        guard let layout = TripScreenLayout.compute(size: size, kind: mode.kind) else {
            buffer.render(TooSmallNotice(minimum: TripScreenLayout.minimumSize, styles: styles), in: buffer.area)
            return buffer
        }
        if let events = eventsShown {
            buffer.render(
                EventTablePane(events: events, timeZone: timeZone, styles: styles, ascii: ascii), in: layout.map)
        } else {
            buffer.render(MapView(map: map, isFollowing: isFollowing, styles: styles, ascii: ascii), in: layout.map)
        }
        if let area = layout.panel {
            renderPanel(layout.panelBeside ? .beside : .below, in: area, &buffer)
        }
        if let area = layout.summary {
            renderPanel(.summaryLine, in: area, &buffer)
        }
        if case .replay(let status) = mode {
            if let area = layout.strip, let insight = status.insight {
                let strip = DiagnosisStrip(
                    status: status, insight: insight, selected: status.selectedFinding, styles: styles, ascii: ascii)
                buffer.render(strip, in: area)
            }
            if let area = layout.timeline {
                buffer.render(TimelineBar(status: status, styles: styles, ascii: ascii), in: area)
            }
        }
        let status = StatusBar(trip: state, mode: mode, now: now, notice: notice, styles: styles, ascii: ascii)
        buffer.render(status, in: layout.statusBar)
        let bindings = KeyBindings(kind: mode.kind, switchTarget: switchTarget)
        buffer.render(KeyHintLine(hints: bindings.hintLine, styles: styles, ascii: ascii), in: layout.hints)
        if showHelp { buffer.render(HelpOverlay(bindings: bindings, styles: styles, ascii: ascii), in: buffer.area) }
        return buffer
    }

    /// The replay's event table, when `e` put it in place of the map.
    var eventsShown: ReplayEventsView? {
        if case .replay(let status) = mode { return status.events }
        return nil
    }

    /// The panel the mode asks for: the trip's, or in a replay its findings or report card (``ReplayPane``).
    private func renderPanel(_ arrangement: TripPanel.Arrangement, in area: Rect, _ buffer: inout CellBuffer) {
        if case .replay(let status) = mode, let insight = status.insight {
            switch status.pane {
            case .trip: break
            case .findings:
                let panel = FindingsPanel(
                    insight: insight, selected: status.selectedFinding, timeZone: timeZone, styles: styles,
                    ascii: ascii, arrangement: arrangement)
                buffer.render(panel, in: area)
                return
            case .reportCard:
                let panel = ReportCardPanel(
                    reportCard: insight.reportCard, styles: styles, ascii: ascii, arrangement: arrangement)
                buffer.render(panel, in: area)
                return
            }
        }
        var panel = TripPanel(
            state: state, now: now, timeZone: timeZone, staleAfter: staleAfter, styles: styles, ascii: ascii)
        panel.arrangement = arrangement
        buffer.render(panel, in: area)
    }
}
