/// How much of an area one part of a ``Layout`` takes along the layout's direction.
public enum Constraint: Hashable, Sendable {
    /// Exactly this many cells (fewer only when the area is too small for the fixed parts).
    case length(Int)
    /// At least this many cells; the parts with a minimum share what is left when no part fills.
    case min(Int)
    /// This fraction of the whole area, rounded down: `.ratio(1, 3)` is a third.
    case ratio(Int, Int)
    /// A share of what is left after the other parts, in proportion to the weight.
    case fill(Int = 1)
}
