import FleetModel
import Foundation
import TestSupport
import Testing
import TripFollowing
import TripRecordings

/// A Deliveries API export replayed as a fleet: at each moment the van as its last report left it, with its stops,
/// and its tasks OPEN on its list or CLOSED once dropped — what the fleet tracker lists as for a live fleet.
@Suite struct DeliveryReplayTests {
    @Test func theVanAndItsTasksAreListedAsTheyStoodThen() async throws {
        let path = try Repository.file("Tests/TripDiagnosisTests/Fixtures/delivery-day.json")
        let (fleet, _) = try RecordingLoader.loadFleet(path: path)
        let day = try #require(fleet.deliveries)
        #expect(fleet.vehicleNames == ["providers/lmfs-sample/deliveryVehicles/van-7"])
        // 09:10: the first stop served, the van on its way to the second.
        let time = try ProtoTimestamp(rfc3339: "2025-11-28T09:10:00Z")
        let van = try #require(day.vans(at: time).first)
        #expect(van.remainingVehicleJourneySegments.map { $0.stop?.tasks.map(\.taskId) ?? [] } == [["t-2a"], ["t-3a"]])
        let tasks = Dictionary(uniqueKeysWithValues: day.tasks(at: time).map { ($0.name, $0) })
        #expect(tasks["providers/lmfs-sample/tasks/t-1a"]?.state == .closed)
        #expect(tasks["providers/lmfs-sample/tasks/t-1a"]?.taskOutcome == .succeeded)
        let next = try #require(tasks["providers/lmfs-sample/tasks/t-2a"])
        #expect(next.state == .open && next.deliveryVehicleId == "van-7")
        #expect(next.journeySharingInfo?.remainingVehicleJourneySegments.count == 1)
        #expect(
            tasks["providers/lmfs-sample/tasks/t-3a"]?.journeySharingInfo?.remainingVehicleJourneySegments.count == 2)

        // The replay's tracker lists the van as a delivery vehicle with those stops.
        let run = FleetReplayRun(recording: fleet, clock: VirtualClock(start: time, speed: .realtime))
        let listed = try await run.backend.listDeliveryVehicles(pageToken: nil).deliveryVehicles
        #expect(listed.map(\.name) == ["providers/lmfs-sample/deliveryVehicles/van-7"])
        let open = try await run.backend.listTasks(filter: FleetScope.openTasks, pageToken: nil).tasks
        #expect(open.map(\.name).sorted() == ["providers/lmfs-sample/tasks/t-2a", "providers/lmfs-sample/tasks/t-3a"])
    }
}
