import Foundation

/// Fixes from the timed points of a GPX file, played at their recorded pace (or faster) on a clock.
public struct GPXLocationSource: LocationSource {
    public let path: String
    public let pace: Pace
    let clock: any Clock<Duration>
    let startTime: @Sendable () -> Date

    public init(
        path: String, pace: Pace = .realTime, clock: any Clock<Duration> = ContinuousClock(),
        startTime: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.path = path
        self.pace = pace
        self.clock = clock
        self.startTime = startTime
    }

    /// Every timed point of the file, in time order.
    public static func read(path: String) throws(LocationSourceError) -> [LocationFix] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LocationSourceError("\(path): cannot read the GPX file")
        }
        return try GPXTrackParser.parse(data, path: path)
    }

    public func fixes() -> AsyncThrowingStream<LocationFix, any Error> {
        let source = self
        return Self.stream { continuation in
            let fixes = try Self.read(path: source.path)
            try await RecordedFixes(fixes: fixes, pace: source.pace, clock: source.clock, startTime: source.startTime)
                .play(into: continuation)
        }
    }
}
