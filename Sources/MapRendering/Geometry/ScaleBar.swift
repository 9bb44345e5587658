/// A scale bar: the longest round distance (1, 2 or 5 × 10ⁿ metres) that fits in the cells available.
public struct ScaleBar: Hashable, Sendable {
    /// Metres the bar stands for.
    public var meters: Double
    /// Cells between the bar's two ends.
    public var cells: Int
    /// `"200 m"`, `"1 km"`.
    public var label: String

    /// Nil when not even a metre fits, or the input is not a positive finite number.
    public init?(metersPerCell: Double, maxCells: Int) {
        guard metersPerCell.isFinite, metersPerCell > 0, maxCells >= 1 else { return nil }
        var best: Double?
        var magnitude = 1.0
        search: while magnitude <= 10_000_000 {
            for step in [1.0, 2.0, 5.0] {
                let distance = step * magnitude
                if distance / metersPerCell > Double(maxCells) { break search }
                best = distance
            }
            magnitude *= 10
        }
        guard let best, (best / metersPerCell).rounded() >= 1 else { return nil }
        meters = best
        cells = Int((best / metersPerCell).rounded())
        label = best >= 1000 ? "\(Int(best / 1000)) km" : "\(Int(best)) m"
    }
}
