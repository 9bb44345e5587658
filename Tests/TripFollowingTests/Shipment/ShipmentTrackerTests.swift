import FleetModel
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import TripFollowing

/// ``ShipmentTracker`` polled by hand against a scripted backend: what it reports as changed, what it calls hidden,
/// and that it stops at CLOSED.
@Suite struct ShipmentTrackerTests {
    typealias Script = ScriptedShipmentBackend

    actor Heard: ShipmentTrackerSubscriber {
        var updates: [[ShipmentElement]] = []
        var failures: [StatusCode] = []
        var recoveries: [Int] = []
        /// The stop counts of the answers, in the order delivered.
        var stopCounts: [Int32?] = []
        func shipmentTracker(_ tracker: ShipmentTracker, didUpdate info: TaskTrackingInfo, changed: [ShipmentElement]) {
            updates.append(changed)
            stopCounts.append(info.remainingStopCount)
        }
        func shipmentTracker(_ tracker: ShipmentTracker, didFailWithError error: TripServiceError) {
            failures.append(error.code)
        }
        func shipmentTracker(_ tracker: ShipmentTracker, didRecoverAfter failures: Int, lastError: TripServiceError) {
            recoveries.append(failures)
        }
    }

    /// Holds every fetch until the test releases it; the nth answers `remainingStopCount` n. Says when a fetch
    /// arrives, and how many were in flight at once at most.
    final class Gate: ShipmentBackend {
        private struct State {
            var held: [CheckedContinuation<Void, Never>] = []
            var calls: Int32 = 0
            var inFlight = 0
            var most = 0
        }
        private let state = NIOLockedValueBox(State())
        let arrivals: AsyncStream<Int32>
        private let arrived: AsyncStream<Int32>.Continuation

        init() { (arrivals, arrived) = AsyncStream.makeStream() }

        var most: Int { state.withLockedValue { $0.most } }

        func fetchTrackingInfo(_ name: TaskTrackingInfoName) async throws -> TaskTrackingInfo {
            let call = state.withLockedValue { s in
                s.calls += 1
                s.inFlight += 1
                s.most = max(s.most, s.inFlight)
                return s.calls
            }
            await withCheckedContinuation { held in
                state.withLockedValue { $0.held.append(held) }
                arrived.yield(call)
            }
            state.withLockedValue { $0.inFlight -= 1 }
            var info = TaskTrackingInfo(state: .open)
            info.remainingStopCount = call
            return info
        }

        /// Lets the oldest held fetch answer.
        func release() {
            state.withLockedValue { $0.held.isEmpty ? nil : $0.held.removeFirst() }?.resume()
        }

        var displayName: String { "gate" }
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

    /// The screen's failure goes at the first answer after it even when that answer is the one before (a shipment
    /// not yet on its way answers the same every time): `r` after the server came back showed no "polled", the
    /// failure line keeping its place.
    @Test func anAnswerAfterFailuresIsARecoveryEvenWhenNothingChanged() async {
        let same = TaskTrackingInfo(state: .open)
        let down = TripServiceError(code: .unavailable, message: "connection refused")
        let tracker = ShipmentTracker(
            name: Self.name, backend: Script([.success(same), .failure(down), .failure(down), .success(same)]))
        let heard = Heard()
        await tracker.register(heard)
        for _ in 0..<5 { await tracker.refresh() }
        #expect(await heard.failures == [.unavailable, .unavailable])
        #expect(await heard.recoveries == [2])
        #expect(await heard.updates == [[.state]], "nothing changed after the first answer")
        #expect(await tracker.consecutiveFailures == 0)
    }

    /// `r` while the loop's poll is in flight: the refresh waits for it, then polls afresh — one request at a time,
    /// answers delivered in the order they were asked for, and the refresh's own answer the last one heard.
    @Test func aRefreshDuringThePollsOwnWaitsForItThenPollsAfresh() async {
        let gate = Gate()
        let clock = VirtualClock.manual()
        let tracker = ShipmentTracker(name: Self.name, backend: gate, allowsFastPolling: true, clock: clock)
        let heard = Heard()
        await tracker.register(heard)
        var arrivals = gate.arrivals.makeAsyncIterator()
        await tracker.start()
        #expect(await arrivals.next() == 1, "the loop's first poll")
        let refreshed = Task { await tracker.refresh() }
        var looks = 0
        while await tracker.pollsWaiting == 0, looks < 100_000 {
            looks += 1
            await Task.yield()
        }
        #expect(await tracker.pollsWaiting == 1, "the refresh waits for the poll in flight")
        gate.release()
        #expect(await arrivals.next() == 2, "then polls afresh")
        gate.release()
        await refreshed.value
        #expect(await heard.stopCounts == [1, 2])
        #expect(gate.most == 1)
        await tracker.stop()
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
