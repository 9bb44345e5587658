import MapRendering
import TerminalCore

/// How the trip and fleet screens move their map, written once for both: the pan keys (each screen's key table
/// takes them, so its help and docs/keys.md list them from there) and the mouse — the wheel zooms toward the
/// pointer and a left drag pans. A click, a press and release without a drag, is handed back: the trip screens
/// centre the map there, the fleet selects the vehicle clicked.
struct MapNavigation {
    /// How far one pan key moves the map, in cells.
    static let panStep = (columns: 8, rows: 4)

    /// `h j k l` as a help row: its keys, what they do, and their bindings to a screen's own pan action.
    static func panKeys<Action>(
        _ pan: (_ columns: Int, _ rows: Int) -> Action
    ) -> (keys: String, help: String, bindings: [Key: Action]) {
        let c = panStep.columns, r = panStep.rows
        return (
            "h j k l", "pan the map (also drag with the mouse)",
            [
                .character("h"): pan(-c, 0), .character("l"): pan(c, 0), .character("k"): pan(0, -r),
                .character("j"): pan(0, r),
            ]
        )
    }

    /// Where the left button went down on the map, or where the drag last moved it, while it is held.
    private var dragOrigin: (x: Int, y: Int)?
    /// Whether the button moved since it went down: its release is then no click.
    private var dragged = false

    /// Moves `camera` for a mouse event on `map` (or one carrying on a drag begun there, wherever the pointer went);
    /// returns the map cell of a click.
    mutating func handle(_ mouse: MouseEvent, on map: Rect, camera: inout Camera) -> (column: Int, row: Int)? {
        guard map.contains(x: mouse.x, y: mouse.y) || dragOrigin != nil else { return nil }
        let cell = (column: mouse.x - map.x, row: mouse.y - map.y)
        switch mouse.kind {
        case .wheelUp: camera.zoom(by: 1, toward: cell)
        case .wheelDown: camera.zoom(by: -1, toward: cell)
        case .press(.left):
            dragOrigin = (mouse.x, mouse.y)
            dragged = false
        case .drag(.left):
            guard let origin = dragOrigin else { return nil }
            camera.pan(columns: origin.x - mouse.x, rows: origin.y - mouse.y)
            dragOrigin = (mouse.x, mouse.y)
            dragged = true
        case .release(.left):
            dragOrigin = nil
            return dragged ? nil : cell
        default:
            break
        }
        return nil
    }
}
