extension Duration {
    /// The span in seconds, fractions included: what Dispatch, `Date` and the arithmetic of speeds and backoffs take.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
