/// Splits a rectangle into rows or columns by ``Constraint``s, as ratatui's `Layout` does, so screens place
/// widgets by what each needs rather than by computed coordinates.
///
/// ```swift
/// let rows = Layout.vertical([.fill(), .length(1), .length(1)]).split(area)  // map, status bar, hints
/// let columns = Layout.horizontal([.fill(), .length(34)]).split(rows[0])  // map, side panel
/// ```
///
/// Sizing runs in three steps: every part gets its length, minimum or ratio; if those do not fit, the last parts
/// give up cells first (so put what must stay, such as a status bar, first or make it fixed while a `fill` comes
/// before it); what is left goes to the `fill` parts by weight, or if there are none to the `min` parts equally,
/// earlier parts taking the odd cells. Parts follow each other without gaps, from the top or the left.
public struct Layout: Hashable, Sendable {
    public enum Direction: Hashable, Sendable {
        /// Parts side by side, left to right.
        case horizontal
        /// Parts stacked, top to bottom.
        case vertical
    }

    public var direction: Direction
    public var constraints: [Constraint]

    public init(_ direction: Direction, _ constraints: [Constraint]) {
        self.direction = direction
        self.constraints = constraints
    }

    public static func vertical(_ constraints: [Constraint]) -> Layout { Layout(.vertical, constraints) }
    public static func horizontal(_ constraints: [Constraint]) -> Layout { Layout(.horizontal, constraints) }

    /// One rectangle per constraint, in order, together covering at most `area`.
    public func split(_ area: Rect) -> [Rect] {
        let total = direction == .vertical ? area.height : area.width
        var position = direction == .vertical ? area.y : area.x
        return sizes(total: total).map { size in
            defer { position += size }
            return direction == .vertical
                ? Rect(x: area.x, y: position, width: area.width, height: size)
                : Rect(x: position, y: area.y, width: size, height: area.height)
        }
    }

    /// The size of each part along the direction, for `total` cells.
    func sizes(total: Int) -> [Int] {
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .length(let cells), .min(let cells): Swift.max(0, cells)
            case .ratio(let numerator, let denominator):
                denominator > 0 ? Swift.max(0, total * numerator / denominator) : 0
            case .fill: 0
            }
        }
        var excess = sizes.reduce(0, +) - Swift.max(0, total)
        for index in sizes.indices.reversed() where excess > 0 {
            let cut = Swift.min(sizes[index], excess)
            sizes[index] -= cut
            excess -= cut
        }
        let left = Swift.max(0, total) - sizes.reduce(0, +)
        guard left > 0 else { return sizes }
        var weights = constraints.map { constraint -> Int in
            if case .fill(let weight) = constraint { return Swift.max(0, weight) }
            return 0
        }
        if weights.allSatisfy({ $0 == 0 }) {
            weights = constraints.map { constraint -> Int in
                if case .min = constraint { return 1 }
                return 0
            }
        }
        let weightSum = weights.reduce(0, +)
        guard weightSum > 0 else { return sizes }
        var given = 0
        for index in sizes.indices where weights[index] > 0 {
            let share = left * weights[index] / weightSum
            sizes[index] += share
            given += share
        }
        for index in sizes.indices where weights[index] > 0 && given < left {
            sizes[index] += 1
            given += 1
        }
        return sizes
    }
}
