import FleetModel
import NIOConcurrencyHelpers
import TripFollowing

/// A shipment backend answering from a script: each answer in turn, then the last one again, for the tracker's and
/// the shipment screen's tests.
public final class ScriptedShipmentBackend: ShipmentBackend {
    private let answers: [Result<TaskTrackingInfo, TripServiceError>]
    private let asked = NIOLockedValueBox(0)

    public init(_ answers: [Result<TaskTrackingInfo, TripServiceError>]) {
        precondition(!answers.isEmpty, "a script needs an answer")
        self.answers = answers
    }

    public func fetchTrackingInfo(_ name: TaskTrackingInfoName) async throws -> TaskTrackingInfo {
        let index = asked.withLockedValue { count in
            defer { count += 1 }
            return min(count, answers.count - 1)
        }
        return try answers[index].get()
    }

    public var displayName: String { "script" }

    /// How many times it was asked.
    public var requests: Int { asked.withLockedValue { $0 } }
}
