import NIOConcurrencyHelpers

/// The replay's diagnosis as it changes: the insight once worked out, the pane `d` chose and the finding `n`/`N`
/// went to. Shared between the screen's frames and the actions that run off its loop.
final class ReplayDiagnosisState: Sendable {
    private let state: NIOLockedValueBox<(insight: ReplayInsight?, pane: ReplayPane, selected: Int?)>

    init(insight: ReplayInsight?) {
        state = NIOLockedValueBox((insight, .trip, nil))
    }

    var current: (insight: ReplayInsight?, pane: ReplayPane, selected: Int?) { state.withLockedValue { $0 } }

    func set(_ insight: ReplayInsight) { state.withLockedValue { $0.insight = insight } }

    /// Selects finding `index` and shows the findings pane.
    func select(_ index: Int) {
        state.withLockedValue {
            $0.selected = index
            $0.pane = .findings
        }
    }

    /// Switches to the next pane and names it.
    func cyclePane() -> String {
        state.withLockedValue { state in
            state.pane = state.pane.next
            return state.pane.title
        }
    }
}
