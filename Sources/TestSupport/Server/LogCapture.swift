import Logging
import NIOConcurrencyHelpers

/// Collects every log line the server writes, to check what is (and is not) logged.
public final class LogCapture: Sendable {
    public init() {}

    private let lines = NIOLockedValueBox<[String]>([])

    public var all: [String] { lines.withLockedValue { $0 } }

    public func handler() -> some LogHandler { Handler(capture: self) }

    fileprivate func append(_ line: String) { lines.withLockedValue { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            capture.append("\(event.level) \(event.message) \(event.metadata ?? [:])")
        }
    }
}
