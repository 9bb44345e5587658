import FleetModel
import Foundation
import NIOConcurrencyHelpers

/// A driver's event log for a console: reporter calls (as a listener) and the trip driver's notes, newest last, the
/// last 200 kept; also the last success and failure lines a reporter panel shows.
public final class DriverLog: VehicleReporterListener {
    private struct State {
        public var lines: [String] = []
        public var lastSuccess: String?
        public var lastFailure: (text: String, recoverable: Bool)?
    }

    private let state = NIOLockedValueBox(State())
    static let limit = 200

    public init() {}

    public var lines: [String] { state.withLockedValue { $0.lines } }
    public var lastSuccess: String? { state.withLockedValue { $0.lastSuccess } }
    public var lastFailure: (text: String, recoverable: Bool)? { state.withLockedValue { $0.lastFailure } }

    public func append(_ text: String) {
        let line = "\(Self.clock(Date())) \(text)"
        state.withLockedValue { s in
            s.lines.append(line)
            if s.lines.count > Self.limit { s.lines.removeFirst(s.lines.count - Self.limit) }
        }
    }

    public func didSucceed(_ update: VehicleUpdate) async {
        state.withLockedValue { $0.lastSuccess = "#\(update.number) at \(Self.clock(update.time))" }
        append("update \(update.number) ok")
    }

    public func didFail(_ update: VehicleUpdate, error: TripServiceError) async {
        let text = "\(error.code.name) (\(error.errorClass)) at \(Self.clock(update.time))"
        state.withLockedValue { $0.lastFailure = (text, error.errorClass == .recoverable) }
        append("update \(update.number) failed \(error.code.name) (\(error.errorClass)): \(error.message)")
    }

    public static func clock(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) % 86_400
        return String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }
}
