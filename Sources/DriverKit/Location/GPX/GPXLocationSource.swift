import Foundation
import TrackFormats

/// Fixes from the timed points of a GPX file — its track, else its timed route points — played at their recorded
/// pace on a clock. The file is read with TrackFormats' ``GPXReader``, the one replay uses.
public struct GPXLocationSource: LocationSource {
    public let path: String
    let clock: any Clock<Duration>
    let startTime: @Sendable () -> Date

    public init(
        path: String, clock: any Clock<Duration> = ContinuousClock(),
        startTime: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.path = path
        self.clock = clock
        self.startTime = startTime
    }

    /// Every timed point of the file, in time order.
    public static func read(path: String) throws(LocationSourceError) -> [LocationFix] {
        guard var data = FileManager.default.contents(atPath: path) else {
            throw LocationSourceError("\(path): cannot read the GPX file")
        }
        let content: GPXContent
        do {
            if Gzip.isCompressed(data) { data = try Gzip.decompress(data, path: path) }
            content = try GPXReader.read(data, path: path)
        } catch {
            throw LocationSourceError(error.description)
        }
        let points = content.points.isEmpty ? content.routePoints : content.points
        guard !points.isEmpty else { throw LocationSourceError("\(path): no <trkpt> or <rtept> with a <time>") }
        return points.map { LocationFix($0) }.sorted { $0.time < $1.time }
    }

    public func fixes() -> AsyncThrowingStream<LocationFix, any Error> {
        let source = self
        return Self.stream { continuation in
            let fixes = try Self.read(path: source.path)
            try await RecordedFixes(fixes: fixes, clock: source.clock, startTime: source.startTime)
                .play(into: continuation)
        }
    }
}
