import FleetModel
import TripFollowing

/// A trip over time — what a recorder saw, or what an importer rebuilt from a log export or a GPS track — ready to
/// be replayed through a ``ReplayBackend`` or written out as a trip file, GPX or GeoJSON.
public struct TripRecording: Sendable, Equatable {
    public var tripName: TripName
    /// Where it came from, for people: `recorded from http://127.0.0.1:8787`, `Cloud Logging export jump-demo.json`.
    public var source: String
    /// When the recording was made, if known.
    public var created: ProtoTimestamp?
    /// In time order (stable for equal times).
    public var events: [TripEvent]
    /// The assigned vehicle's navigation status while it served the trip, in time order, one entry per change: only
    /// inputs that see the vehicle's own reports hold it (Cloud Logging exports); empty means unknown.
    public var navigation: [NavigationChange]
    /// The Cloud Logging export the events were imported from, to show an event's entry (``TripEvent/logEntry``)
    /// again; nil for other inputs.
    public var logExport: LogExportSource?
    /// Set when the recording is one vehicle's trips on one timeline (``VehicleTimeline``): its snapshots then
    /// name several trips, the one the vehicle served at each moment.
    public var vehicleId: String?

    public init(
        tripName: TripName, source: String, created: ProtoTimestamp? = nil, events: [TripEvent] = [],
        navigation: [NavigationChange] = []
    ) {
        self.tripName = tripName
        self.source = source
        self.created = created
        self.events = events
        self.navigation = navigation
    }

    /// The events with a trip state, in order.
    public var snapshots: [TripSnapshot] {
        events.compactMap { event in
            if case .snapshot(let trip) = event.kind { TripSnapshot(trip: trip, observedAt: event.time) } else { nil }
        }
    }

    /// First and last event times, or nil when there are no events.
    public var timeSpan: ClosedRange<ProtoTimestamp>? {
        guard let first = events.first?.time, let last = events.last?.time else { return nil }
        return first...max(first, last)
    }

    /// The statuses the trip went through, without repeats: `[NEW, ENROUTE_TO_PICKUP, …]`.
    public var statusPath: [TripStatus] {
        var path: [TripStatus] = []
        for snapshot in snapshots where path.last != snapshot.trip.tripStatus { path.append(snapshot.trip.tripStatus) }
        return path
    }

    /// Sorts events by time, keeping the order of events with equal times.
    public mutating func sortEvents() {
        // Recordings are almost always written in order: check in one pass before sorting.
        // By index, so that no event (a whole Trip) is copied to compare two times.
        guard events.indices.dropFirst().contains(where: { events[$0 - 1].time > events[$0].time }) else { return }
        let order = events.indices.sorted { (events[$0].time, $0) < (events[$1].time, $1) }
        events = order.map { events[$0] }
    }
}

/// One thing that happened at a moment of a recording.
public struct TripEvent: Sendable, Equatable {
    public var time: ProtoTimestamp
    public var kind: Kind
    /// Where the log entry the event came from is in its export (see ``TripRecording/logExport``): Cloud Logging
    /// imports only.
    public var logEntry: LogEntryLocation?

    public enum Kind: Sendable, Equatable {
        /// The whole trip as it was then.
        case snapshot(Trip)
        /// A poll failed.
        case failure(TripServiceError)
        /// A remark for people (`recording started`, `gap of 1053 s in the log`).
        case note(String)
    }

    public init(time: ProtoTimestamp, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    public static func snapshot(_ trip: Trip, at time: ProtoTimestamp) -> TripEvent {
        TripEvent(time: time, kind: .snapshot(trip))
    }
    public static func failure(_ error: TripServiceError, at time: ProtoTimestamp) -> TripEvent {
        TripEvent(time: time, kind: .failure(error))
    }
    public static func note(_ text: String, at time: ProtoTimestamp) -> TripEvent {
        TripEvent(time: time, kind: .note(text))
    }
}
