import FleetModel
import MapRendering

// Placeholder until MapRendering's viewport and renderer land (merged from the map branch).
struct MapPane {
    struct CameraState { var isFollowing = true; mutating func resumeFollowing() { isFollowing = true } }
    var camera = CameraState()
    var showTrail = true
    private var size = (columns: 0, rows: 0)
    init(options: TripAppOptions) {}
    func isAnimating(at now: ContinuousClock.Instant) -> Bool { false }
    mutating func zoom(by steps: Double, toward cell: (Int, Int)?) { camera.isFollowing = false }
    mutating func pan(columns: Int, rows: Int) { camera.isFollowing = false }
    mutating func centre(onColumn column: Int, row: Int) { camera.isFollowing = false }
    mutating func cycleMarker() -> String { "braille" }
    mutating func update(with state: TripViewState, at now: ContinuousClock.Instant) {}
    mutating func prepare(state: TripViewState, columns: Int, rows: Int, at now: ContinuousClock.Instant) -> Bool {
        defer { size = (columns, rows) }
        return size != (columns, rows)
    }
    func render() -> CellBuffer { CellBuffer(width: size.columns, height: size.rows) }
}
public enum CanvasMarker: Sendable, Hashable { case braille, halfBlock, ascii }
