import FleetModel
import TripFollowing

/// A ``FleetBackend`` that answers from a recorded fleet: each listing is every vehicle as it was at the replay
/// clock's current time — its last report at or before then; a vehicle not yet reported is not listed — so a
/// replay drives the same ``FleetTracker``, diffing, fleet screen and printer as a live fleet. An export's delivery
/// vans and tasks are listed as the Deliveries API lists them (``DeliveryRecording/vans(at:)``); a replay's task
/// filter is read only for its state (`state = OPEN`, `state = CLOSED`), anything else lists every task.
///
/// The whole fleet comes as one page: nothing is fetched, so there is nothing to page through.
public final class FleetReplayBackend: FleetBackend {
    public let recording: FleetRecording
    public let clock: VirtualClock
    /// Every report time, ascending: where the listing can change.
    public let timeline: ReplayTimeline
    /// Each vehicle's reports, in time order, by vehicle in name order.
    private let vehicles: [(times: ReplayTimeline, reports: [Vehicle])]

    public init(recording: FleetRecording, clock: VirtualClock) {
        var sorted = recording
        sorted.reports = sorted.reports.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }
        .map(\.element)
        self.recording = sorted
        self.clock = clock
        timeline = ReplayTimeline(sorted.reportTimes)
        vehicles = Dictionary(grouping: sorted.reports, by: \.vehicle.name).sorted { $0.key < $1.key }.map {
            (ReplayTimeline($0.value.map(\.time)), $0.value.map(\.vehicle))
        }
    }

    public var displayName: String { "replay \(recording.source)" }

    public var start: ProtoTimestamp? { timeline.start }
    public var end: ProtoTimestamp? { timeline.end }

    public func listVehicles(pageToken: String?) async throws(TripServiceError) -> ListVehiclesResponse {
        guard pageToken == nil || pageToken == "" else {
            throw TripServiceError(code: .invalidArgument, message: "a replay lists its fleet in one page")
        }
        return ListVehiclesResponse(vehicles: vehicles(at: clock.timestamp), nextPageToken: "")
    }

    public func listDeliveryVehicles(
        pageToken: String?
    ) async throws(TripServiceError) -> ListDeliveryVehiclesResponse {
        ListDeliveryVehiclesResponse(deliveryVehicles: recording.deliveries?.vans(at: clock.timestamp) ?? [])
    }

    public func listTasks(filter: String, pageToken: String?) async throws(TripServiceError) -> ListTasksResponse {
        let tasks = recording.deliveries?.tasks(at: clock.timestamp) ?? []
        let state: DeliveryTask.State? =
            filter.contains("OPEN") ? .open : filter.contains("CLOSED") ? .closed : nil
        return ListTasksResponse(tasks: state.map { state in tasks.filter { $0.state == state } } ?? tasks)
    }

    /// Every vehicle reported at or before `time`, as its last report left it, in name order.
    public func vehicles(at time: ProtoTimestamp) -> [Vehicle] {
        vehicles.compactMap { vehicle in vehicle.times.lastIndex(atOrBefore: time).map { vehicle.reports[$0] } }
    }

    /// The first moment after `time` when the listing can change: the next report, or a listed vehicle's last
    /// location growing older than `staleThreshold` (the tracker judges staleness with a strict `>`).
    public func nextChange(after time: ProtoTimestamp, staleThreshold: Duration) -> ProtoTimestamp? {
        let stale = vehicles(at: time).compactMap { vehicle -> ProtoTimestamp? in
            guard let reported = FleetVehicle.lastReport(of: vehicle) else { return nil }
            let deadline = reported + staleThreshold + .milliseconds(1)
            return deadline > time ? deadline : nil
        }
        return ([timeline.next(after: time)].compactMap { $0 } + stale).min()
    }
}
