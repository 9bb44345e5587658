import FleetModel
import TerminalCore
import TripFollowing

/// What a list pane shows of its rows — which columns, how wide, which give way first on a narrow pane, and each
/// cell — for the vehicle list (``vehicles(deliveries:now:glyphs:styles:)``) and the task list
/// (``tasks(styles:)``): the one thing the two lists differ in.
struct FleetListColumns<Row: FleetListRow> {
    /// The columns in order and their widths; the first (the id) takes what the others leave, at least 8.
    var widths: [(column: Row.Column, width: Int)]
    /// The columns a narrow pane leaves out, first to go first.
    var dropOrder: [Row.Column]
    /// The header's word for a column.
    var header: (Row.Column) -> String
    /// A cell's text and style.
    var cell: (Row.Column, Row) -> (String, CellStyle)
    /// Rows drawn greyed whatever their cells' styles (stale vehicles).
    var isGreyed: (Row) -> Bool = { _ in false }
    /// What a row is called: "vehicle", "task".
    var noun: String

    var emptyText: String { "no \(noun)s" }

    /// The columns that fit `width`, the first widened to fill it.
    func fitting(width: Int) -> [(column: Row.Column, width: Int)] {
        let minimumFirst = 8
        guard let first = widths.first else { return [] }
        var fixed = Array(widths.dropFirst())
        for column in dropOrder where fixed.reduce(0, { $0 + $1.width }) + minimumFirst > width {
            fixed.removeAll { $0.column == column }
        }
        return [(first.column, max(minimumFirst, width - fixed.reduce(0) { $0 + $1.width }))] + fixed
    }
}

extension FleetListColumns where Row == FleetRow {
    /// Id, state, trips, km/h, age, navigation; a fleet with delivery vehicles also has stops and tasks (and a
    /// state wide enough for "delivering"). Navigation goes first on a narrow pane, then trips, tasks, speed and
    /// stops; id, state and age stay.
    /// `marked`: the vehicles with a recent event (``FleetViewState/markedVehicles(at:)``), whose id says so.
    static func vehicles(
        deliveries: Bool, now: ProtoTimestamp, glyphs: FleetGlyphs, styles: ScreenStyles, marked: Set<String> = []
    ) -> FleetListColumns {
        let widths: [FleetSortColumn: Int] = [
            .id: 0, .state: deliveries ? 11 : 8, .trips: 12, .stops: 6, .tasks: 6, .speed: 6, .age: 7,
            .navigation: 11,
        ]
        return FleetListColumns(
            widths: FleetSortColumn.columns(deliveries: deliveries).map { ($0, widths[$0] ?? 0) },
            dropOrder: [.navigation, .trips, .tasks, .speed, .stops],
            header: { column in
                switch column {
                case .speed: "km/h"
                case .navigation: "nav"
                default: column.title
                }
            },
            cell: { column, row in
                switch column {
                case .id:
                    marked.contains(row.name)
                        ? (String(glyphs.glyph(for: row)) + " " + row.id + " !", styles.warning)
                        : (String(glyphs.glyph(for: row)) + " " + row.id, styles.text)
                case .state: (row.state.label, glyphs.style(for: row.state))
                case .trips: (row.trips.isEmpty ? "–" : row.trips.joined(separator: ","), styles.text)
                case .stops: (String(row.stops), styles.text)
                case .tasks: (row.tasks.map(String.init) ?? "–", styles.text)
                case .speed: (row.speedKmph.map { String(Int($0.rounded())) } ?? "–", styles.text)
                case .age: (row.age(at: now).map(FleetRow.ageText) ?? "never", styles.text)
                case .navigation: (row.navigationLabel, styles.dim)
                }
            },
            isGreyed: { $0.state == .stale }, noun: "vehicle")
    }
}

extension FleetListColumns where Row == FleetTaskRow {
    /// Id, type, state, outcome, vehicle, tracking id and planned location; the location goes first on a narrow
    /// pane, then the type and the outcome.
    static func tasks(styles: ScreenStyles) -> FleetListColumns {
        let widths: [FleetTaskColumn: Int] = [
            .id: 0, .type: 9, .state: 7, .outcome: 10, .vehicle: 10, .tracking: 12, .location: 18,
        ]
        return FleetListColumns(
            widths: FleetTaskColumn.allCases.map { ($0, widths[$0] ?? 0) },
            dropOrder: [.location, .type, .outcome],
            header: { $0.title },
            cell: { column, row in
                switch column {
                case .id: (row.id, styles.text)
                case .type: (row.typeLabel, styles.text)
                case .state: (row.stateLabel, row.state == .open ? styles.status : styles.label)
                case .outcome: (row.outcomeLabel, row.outcome == .failed ? styles.warning : styles.text)
                case .vehicle: (row.vehicleID.isEmpty ? "–" : row.vehicleID, styles.text)
                case .tracking: (row.trackingID.isEmpty ? "–" : row.trackingID, styles.text)
                case .location: (row.plannedPoint.map(Summary.point) ?? "–", styles.dim)
                }
            },
            noun: "task")
    }
}
