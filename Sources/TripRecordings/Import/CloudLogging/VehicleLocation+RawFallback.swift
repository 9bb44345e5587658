import FleetModel

extension VehicleLocation {
    /// Whether it holds any coordinates at all (logs may carry only an opaque `locationHandle`).
    var hasCoordinates: Bool { location != nil || rawLocation != nil }

    /// The location with `location` and `updateTime` taken from the raw fix when the log left them out.
    ///
    /// Ordinary (non-restricted) logs replace the road-snapped `location` with an opaque `locationHandle` but keep the
    /// device's `rawLocation` and `rawLocationTime`. The raw fix is a few metres off the snapped one, and a rider's
    /// map shows `location`, so it stands in rather than leaving the vehicle off the map.
    func withRawFallback() -> VehicleLocation {
        var copy = self
        if copy.location == nil, let raw = rawLocation {
            copy.location = raw
            if copy.updateTime == nil { copy.updateTime = rawLocationTime }
        }
        return copy
    }
}
