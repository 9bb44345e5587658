import TripRecordings

/// The event table's side of a replay's controls: what the table shows at the replay's time, and its keys.
extension ReplayControls {
    /// The event table at the replay's time, when shown. The selected row's detail is read when the row first shows
    /// (a few kilobytes from the export) and kept while it stays selected.
    var eventsView: ReplayEventsView? {
        let time = now
        let recording = run.backend.recording
        let table = eventTable
        return events.read { state in
            guard state.isShown else { return nil }
            let row = table.current(at: time, selected: state.selected)
            var detail: ReplayEventDetail?
            if let row {
                if let cached = state.detail, cached.row == row, cached.part == state.part {
                    detail = cached.detail
                } else {
                    let read = ReplayEventDetail.of(recording.events[row], in: recording, part: state.part)
                    if state.detail?.row != row { state.scroll = 0 }
                    state.detail = (row, state.part, read)
                    detail = read
                }
            }
            state.scroll = min(state.scroll, max(0, (detail?.lines.count ?? 0) - 1))
            return ReplayEventsView(table: table, selected: row, detail: detail, scroll: state.scroll)
        }
    }

    /// Carries out one of the event table's actions (see ``KeyBindings``).
    func performEventAction(_ action: TripAction) async -> String? {
        switch action {
        case .toggleEvents:
            return events.read { state in
                state.isShown.toggle()
                return state.isShown ? "event table" : "map"
            }
        case .scrollEventDetail(let lines):
            events.read { $0.scroll = max(0, $0.scroll + lines) }
            return nil
        case .switchEventPart:
            return events.read { state in
                state.isShown = true
                state.part = state.part == .request ? .response : .request
                state.scroll = 0
                return "log entry: \(state.part.rawValue)"
            }
        default:
            return await selectEvent(action)
        }
    }

    /// Selects a row of the event table (showing it) and pauses the replay at that event's time.
    private func selectEvent(_ action: TripAction) async -> String? {
        let rows = eventTable.rows
        guard !rows.isEmpty else { return "no events" }
        let clock = run.clock
        let target = events.read { state -> Int in
            state.isShown = true
            let current = eventTable.current(at: clock.timestamp, selected: state.selected)
            let target =
                switch action {
                case .selectFirstEvent: 0
                case .selectLastEvent: rows.count - 1
                case .selectEvent(let offset): min(rows.count - 1, max(0, (current ?? -1) + offset))
                default: current ?? 0
                }
            state.selected = target
            return target
        }
        clock.pause()
        clock.seek(to: rows[target].time)
        await jumped()
        return "event \(target + 1) of \(rows.count)"
    }
}
