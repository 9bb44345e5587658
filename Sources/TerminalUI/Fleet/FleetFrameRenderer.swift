import TerminalCore

/// Frames of the fleet screen outside the event loop — golden tests, benchmarks: the map pane (camera, base map and
/// its cached layers) kept from one frame to the next, each ``FleetScreen`` composed over it.
public struct FleetFrameRenderer {
    private var mapPane: FleetMapPane
    private var order = FleetListOrder<FleetRow>()
    private var taskOrder = FleetListOrder<FleetTaskRow>()

    public init(options: TripAppOptions) { mapPane = FleetMapPane(options: options) }

    /// The frame of `screen` on a terminal of `size`, the camera fitted as the app fits it.
    public mutating func render(_ screen: FleetScreen, size: TerminalSize) -> CellBuffer {
        guard let layout = screen.layout(size: size) else {
            return screen.compose(size: size, map: nil, viewport: nil)
        }
        let shown = screen.shownRows
        mapPane.prepare(
            rows: shown, following: screen.following, task: screen.selectedTask, columns: layout.map.width,
            rows: layout.map.height)
        let map = mapPane.render()
        return screen.compose(
            size: size, map: map, viewport: mapPane.camera.viewport,
            visible: screen.following == nil ? order.visible(shown, list: screen.list) : nil,
            visibleTasks: screen.showsTasks ? taskOrder.visible(screen.state.taskRows ?? [], list: screen.tasks) : nil)
    }
}
