import FleetModel
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import TripFollowing

/// ``ShipmentTracker`` polled by hand against a scripted backend: what it reports as changed, what it calls hidden,
/// and that it stops at CLOSED.
@Suite struct ShipmentTrackerTests {
    /// Answers in turn, then the last again.
    final class Script: ShipmentBackend {
        let answers: [Result<TaskTrackingInfo, TripServiceError>]
        let next = NIOLockedValueBox(0)
        init(_ answers: [Result<TaskTrackingInfo, TripServiceError>]) { self.answers = answers }
        func fetchTrackingInfo(_ name: TaskTrackingInfoName) async throws -> TaskTrackingInfo {
            let index = next.withLockedValue { i in
                defer { i += 1 }
                return min(i, answers.count - 1)
            }
            return try answers[index].get()
        }
        var displayName: String { "script" }
    }

    actor Heard: ShipmentTrackerSubscriber {
        var updates: [[ShipmentElement]] = []
        var failures: [StatusCode] = []
        func shipmentTracker(_ tracker: ShipmentTracker, didUpdate info: TaskTrackingInfo, changed: [ShipmentElement]) {
            updates.append(changed)
        }
        func shipmentTracker(_ tracker: ShipmentTracker, didFailWithError error: TripServiceError) {
            failures.append(error.code)
        }
    }

    static let name = try! TaskTrackingInfoName(provider: "p", trackingID: "parcel-1")

    @Test func itReportsWhatChangedAndStopsOnceClosed() async throws {
        var first = TaskTrackingInfo(
            state: .open, plannedLocation: LocationInfo(point: LatLng(latitude: 43.7, longitude: 7.4)))
        first.remainingStopCount = 2
        var second = first
        second.remainingStopCount = 1
        second.estimatedArrivalTime = ProtoTimestamp(seconds: 1_900_000_000)
        var closed = second
        closed.state = .closed
        closed.taskOutcome = .failed
        let backend = Script([
            .success(first), .failure(TripServiceError(code: .unavailable, message: "down")), .success(second),
            .success(closed),
        ])
        let tracker = ShipmentTracker(name: Self.name, backend: backend)
        let heard = Heard()
        await tracker.register(heard)
        for _ in 0..<5 { await tracker.refresh() }
        #expect(
            await heard.updates == [
                [.state, .plannedLocation, .remainingStopCount], [.remainingStopCount, .estimatedArrivalTime],
                [.state, .taskOutcome],
            ])
        #expect(await heard.failures == [.unavailable])
        #expect(await tracker.isFinished)
        #expect(await tracker.completedPolls == 4)
    }

    @Test func anIntervalBelowTheSDKsFloorIsRaised() {
        let tracker = ShipmentTracker(
            name: Self.name, backend: Script([.success(TaskTrackingInfo())]),
            options: TripModelOptions(pollInterval: .seconds(1)))
        #expect(tracker.options.pollInterval == .seconds(5))
    }

    @Test func hiddenElementsAreTheGatedOnesMissingBesideOthers() {
        var info = TaskTrackingInfo(state: .open)
        #expect(ShipmentElement.hidden(in: info).isEmpty)  // on no route yet
        info.remainingStopCount = 3
        #expect(ShipmentElement.hidden(in: info).count == ShipmentElement.gated.count - 1)
        info.state = .closed
        #expect(ShipmentElement.hidden(in: info).isEmpty)
    }
}
