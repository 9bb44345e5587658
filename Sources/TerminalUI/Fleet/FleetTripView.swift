/// A rider view opened over the fleet screen by `t`: the trip screen, and how to stop what feeds it when Esc
/// returns to the fleet. The command line builds it (a `TripModel` on the same client), since only it knows the
/// backend.
public struct FleetTripView {
    public var screen: any Screen
    public var close: @Sendable () async -> Void

    public init(screen: any Screen, close: @escaping @Sendable () async -> Void) {
        self.screen = screen
        self.close = close
    }
}

/// Opens the rider view of a trip, by its resource name; nil when it cannot.
public typealias FleetTripOpener = (String) -> FleetTripView?
