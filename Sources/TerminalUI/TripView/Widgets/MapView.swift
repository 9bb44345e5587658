import TerminalCore

/// The map pane: the frame `MapRenderer` drew for the area (blank before the first), and a tag in its top-right
/// corner while the camera does not follow the trip, saying how to get back.
struct MapView: Widget {
    var map: CellBuffer?
    var isFollowing: Bool
    var styles: ScreenStyles
    var ascii: Bool

    func render(in area: Rect, buffer: inout CellBuffer) {
        if let map { buffer.render(map, in: area) }
        guard !isFollowing else { return }
        let tag = ascii ? " free camera - f follows " : " free camera · f follows "
        let width = tag.displayWidth
        buffer.put(tag, x: area.right - width, y: area.y, width: width, style: styles.bar)
    }
}
