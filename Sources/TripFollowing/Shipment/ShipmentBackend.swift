import FleetModel

/// Where a ``ShipmentTracker`` gets a shipment's tracking info from: the local server or Google's Fleet Engine over
/// HTTP (`FleetClient`'s backend), or a script in tests.
public protocol ShipmentBackend: Sendable {
    /// The shipment now. Throws a ``TripServiceError`` (other errors are classified by the tracker).
    func fetchTrackingInfo(_ name: TaskTrackingInfoName) async throws -> TaskTrackingInfo
    /// A short label for status lines, e.g. `http://127.0.0.1:8787`.
    var displayName: String { get }
}

/// What a shipment's consumer is shown, element by element: what a ``ShipmentTracker`` reports as changed.
public enum ShipmentElement: String, Sendable, CaseIterable, Hashable {
    case state
    case taskOutcome
    case plannedLocation
    case remainingStopCount
    case remainingDrivingDistance
    case estimatedArrivalTime
    case estimatedTaskCompletionTime
    case vehicleLocation
    case route

    /// The elements a task's visibility rules may hide (`TaskTrackingViewConfig`).
    public static let gated: [ShipmentElement] = [
        .remainingStopCount, .remainingDrivingDistance, .estimatedArrivalTime, .estimatedTaskCompletionTime,
        .vehicleLocation, .route,
    ]

    /// Whether `info` holds this element.
    public func isPresent(in info: TaskTrackingInfo) -> Bool {
        switch self {
        case .state: info.state != .stateUnspecified
        case .taskOutcome: info.taskOutcome != .taskOutcomeUnspecified
        case .plannedLocation: info.plannedLocation?.point != nil
        case .remainingStopCount: info.remainingStopCount != nil
        case .remainingDrivingDistance: info.remainingDrivingDistanceMeters != nil
        case .estimatedArrivalTime: info.estimatedArrivalTime != nil
        case .estimatedTaskCompletionTime: info.estimatedTaskCompletionTime != nil
        case .vehicleLocation: info.vehicleLocation?.location != nil
        case .route: !info.routePolylinePoints.isEmpty
        }
    }

    /// Whether the element differs between two answers.
    func differs(_ a: TaskTrackingInfo, _ b: TaskTrackingInfo) -> Bool {
        switch self {
        case .state: a.state != b.state
        case .taskOutcome: a.taskOutcome != b.taskOutcome || a.taskOutcomeTime != b.taskOutcomeTime
        case .plannedLocation: a.plannedLocation != b.plannedLocation
        case .remainingStopCount: a.remainingStopCount != b.remainingStopCount
        case .remainingDrivingDistance: a.remainingDrivingDistanceMeters != b.remainingDrivingDistanceMeters
        case .estimatedArrivalTime: a.estimatedArrivalTime != b.estimatedArrivalTime
        case .estimatedTaskCompletionTime: a.estimatedTaskCompletionTime != b.estimatedTaskCompletionTime
        case .vehicleLocation: a.vehicleLocation?.location != b.vehicleLocation?.location
        case .route: a.routePolylinePoints != b.routePolylinePoints
        }
    }

    /// The elements an OPEN shipment's answer leaves out while it gives others of them: those its visibility rules
    /// hide now. With none given, the shipment is on no vehicle's route yet (or every element is hidden), and
    /// nothing is said to be hidden.
    public static func hidden(in info: TaskTrackingInfo) -> [ShipmentElement] {
        guard info.state == .open else { return [] }
        let absent = gated.filter { !$0.isPresent(in: info) }
        return absent.count == gated.count ? [] : absent
    }
}

/// Hears what a ``ShipmentTracker`` sees, one callback at a time, in order: the headless printer, the tracking screen.
public protocol ShipmentTrackerSubscriber: AnyObject, Sendable {
    /// A poll answered; `changed` lists what differs from the last answer (on the first, every element present).
    func shipmentTracker(_ tracker: ShipmentTracker, didUpdate info: TaskTrackingInfo, changed: [ShipmentElement]) async
    /// A poll failed; the last answer stays what it was.
    func shipmentTracker(_ tracker: ShipmentTracker, didFailWithError error: TripServiceError) async
    /// A poll succeeded after `failures` failed ones, so an error shown for them can be cleared — whether or not the
    /// answer changed. Called before the answer's own callback.
    func shipmentTracker(_ tracker: ShipmentTracker, didRecoverAfter failures: Int, lastError: TripServiceError) async
}
