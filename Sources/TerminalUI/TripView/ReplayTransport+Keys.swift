import TripRecordings

extension ReplayTransport {
    /// What the transport keys both replays share — pause, step, speed, seek — do to the clock, so that `replay`
    /// and `replay --fleet` answer them alike.
    ///
    /// Returns the status bar's notice and whether the clock jumped (the trip replay then polls at once and rebuilds
    /// its trail); nil for a key that is not the transport's. `unit` names what a step moves to.
    func perform(_ action: TripAction, unit: String) -> (notice: String, jumped: Bool)? {
        switch action {
        case .togglePause:
            if let end = timeline.end, clock.timestamp >= end, let start = timeline.start {
                clock.seek(to: start)  // at the end, play starts over
                clock.resume()
                return ("from the start", true)
            }
            clock.togglePause()
            return (clock.isPaused ? "paused" : "playing", false)
        case .stepForward:
            stepForward()
            return ("next \(unit)", true)
        case .stepBackward:
            stepBackward()
            return ("previous \(unit)", true)
        case .faster:
            clock.speed = clock.speed.faster
            return ("speed \(clock.speed)", false)
        case .slower:
            clock.speed = clock.speed.slower
            return ("speed \(clock.speed)", false)
        case .seekBy(let fraction):
            seek(fraction: progress + fraction)
            return (fraction < 0 ? "back" : "forward", true)
        case .seekTo(let fraction):
            seek(fraction: fraction)
            return ("\(Int(fraction * 100)) %", true)
        default:
            return nil
        }
    }
}
