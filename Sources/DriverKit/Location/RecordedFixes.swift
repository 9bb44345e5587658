import Foundation
import NIOConcurrencyHelpers

/// Plays fixes read from a file at their recorded pace on a clock (faster on a clock that runs faster), re-timed so the first one is "now": a recorded
/// drive then looks live to Fleet Engine (whose ETAs count from a location's update time).
struct RecordedFixes: Sendable {
    var fixes: [LocationFix]
    var clock: any Clock<Duration>
    var startTime: @Sendable () -> Date

    func play(into continuation: AsyncThrowingStream<LocationFix, any Error>.Continuation) async throws {
        guard let first = fixes.first else { return }
        let start = startTime()
        var previous = first.time
        for var fix in fixes {
            try await clock.sleep(for: .seconds(max(0, fix.time.timeIntervalSince(previous))))
            previous = fix.time
            fix.time = start.addingTimeInterval(fix.time.timeIntervalSince(first.time))
            continuation.yield(fix)
        }
    }
}

/// A value shared between a source and the streams it starts (their counters), readable at any time.
final class SharedValue<Value: Sendable>: Sendable {
    private let storage: NIOLockedValueBox<Value>

    init(_ value: Value) { storage = NIOLockedValueBox(value) }

    var value: Value {
        get { storage.withLockedValue { $0 } }
        set { storage.withLockedValue { $0 = newValue } }
    }
}

/// Reads a whole text file for a location source, naming it in the error.
func readText(path: String, what: String) throws(LocationSourceError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw LocationSourceError("\(path): cannot read the \(what) file")
    }
    return String(decoding: data, as: UTF8.self)
}
