import TrackFormats

/// Where a driver's positions come from: a simulated drive, a GPX or NMEA file, or a live gpsd.
///
/// ```swift
/// for try await fix in source.fixes() { await reporter.updateLocation(fix) }
/// ```
///
/// Each call to ``fixes()`` starts a fresh stream; cancelling the consuming task (or dropping the stream) stops the
/// source's work. A finite source (a file, a drive to the end of its path) finishes the stream at its end; a live
/// one (gpsd) runs until cancelled. A source that cannot start (a missing file) finishes with a thrown error.
public protocol LocationSource: Sendable {
    func fixes() -> AsyncThrowingStream<LocationFix, any Error>
}

extension LocationSource {
    /// Runs `produce` in a task owned by the returned stream: its end finishes the stream and the stream's end
    /// cancels it.
    static func stream(
        _ produce: @escaping @Sendable (AsyncThrowingStream<LocationFix, any Error>.Continuation) async throws -> Void
    ) -> AsyncThrowingStream<LocationFix, any Error> {
        let (stream, continuation) = AsyncThrowingStream<LocationFix, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(64))
        let task = Task {
            do {
                try await produce(continuation)
                continuation.finish()
            } catch is CancellationError {
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
