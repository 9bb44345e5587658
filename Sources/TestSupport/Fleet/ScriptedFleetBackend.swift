import FleetEvents
import FleetModel
import NIOConcurrencyHelpers
import TripFollowing

/// A fleet backend answering from a script a test changes as it goes: the fleet as pages, or a failure on a given
/// page; it records the page tokens it was asked for. Delivery vehicles come as one page, and tasks by filter (the
/// script says what each filter selects: a scripted backend parses no AIP-160); the Deliveries API can be refused.
public final class ScriptedFleetBackend: FleetBackend {
    private struct State {
        var pages: [[Vehicle]] = []
        var failure: (page: Int, error: TripServiceError)?
        var requests: [String?] = []
        var deliveryVehicles: [DeliveryVehicle] = []
        var tasks: [String: [DeliveryTask]] = [:]
        var deliveriesRefusal: TripServiceError?
        var events: Result<[FleetEventRecord], TripServiceError> = .failure(
            TripServiceError(code: .notFound, message: "no events endpoint"))
        var calls: [String] = []
    }

    private let state = NIOLockedValueBox(State())

    public init(pages: [[Vehicle]] = []) { state.withLockedValue { $0.pages = pages } }

    /// The fleet the next listings return, page by page.
    public func setPages(_ pages: [[Vehicle]]) { state.withLockedValue { $0.pages = pages } }

    /// Fails page `page` (0-based) with `error` until cleared with nil.
    public func fail(page: Int, with error: TripServiceError?) {
        state.withLockedValue { $0.failure = error.map { (page, $0) } }
    }

    /// The page tokens asked for so far, nil for a first page.
    public var requests: [String?] { state.withLockedValue { $0.requests } }

    /// The delivery vehicles of the next listings, and the tasks each ListTasks filter selects (none for another).
    public func setDeliveries(_ vehicles: [DeliveryVehicle], tasks: [String: [DeliveryTask]]) {
        state.withLockedValue {
            $0.deliveryVehicles = vehicles
            $0.tasks = tasks
        }
    }

    /// Refuses every Deliveries API call with `error` until cleared with nil.
    public func refuseDeliveries(with error: TripServiceError?) {
        state.withLockedValue { $0.deliveriesRefusal = error }
    }

    /// The events recorded so far (the endpoint answers those after the cursor, a page at most), or its failure;
    /// by default it has none: NOT_FOUND, as a backend other than tripterm's server.
    public func setEvents(_ events: Result<[FleetEventRecord], TripServiceError>) {
        state.withLockedValue { $0.events = events }
    }

    public func listEvents(after: Int64) async throws(TripServiceError) -> [FleetEventRecord] {
        let answer: Result<[FleetEventRecord], TripServiceError> = state.withLockedValue { s in
            s.calls.append("ListEvents \(after)")
            return s.events.map { Array($0.filter { $0.eventId > after }.prefix(FleetTracker.eventPageSize)) }
        }
        return try answer.get()
    }

    public func listEvents(newest count: Int) async throws(TripServiceError) -> [FleetEventRecord] {
        let answer: Result<[FleetEventRecord], TripServiceError> = state.withLockedValue { s in
            s.calls.append("ListEvents newest \(count)")
            return s.events.map { Array($0.suffix(count)) }
        }
        return try answer.get()
    }

    /// The calls so far: `ListVehicles`, `ListDeliveryVehicles`, `ListTasks FILTER`, `ListEvents AFTER`,
    /// `ListEvents newest N`.
    public var calls: [String] { state.withLockedValue { $0.calls } }

    public func listDeliveryVehicles(
        pageToken: String?
    ) async throws(TripServiceError) -> ListDeliveryVehiclesResponse {
        let answer: Result<ListDeliveryVehiclesResponse, TripServiceError> = state.withLockedValue { s in
            s.calls.append("ListDeliveryVehicles")
            if let refusal = s.deliveriesRefusal { return .failure(refusal) }
            return .success(ListDeliveryVehiclesResponse(deliveryVehicles: s.deliveryVehicles))
        }
        return try answer.get()
    }

    public func listTasks(filter: String, pageToken: String?) async throws(TripServiceError) -> ListTasksResponse {
        let answer: Result<ListTasksResponse, TripServiceError> = state.withLockedValue { s in
            s.calls.append("ListTasks \(filter)")
            if let refusal = s.deliveriesRefusal { return .failure(refusal) }
            return .success(ListTasksResponse(tasks: s.tasks[filter] ?? []))
        }
        return try answer.get()
    }

    public func listVehicles(pageToken: String?) async throws(TripServiceError) -> ListVehiclesResponse {
        let answer: Result<ListVehiclesResponse, TripServiceError> = state.withLockedValue { s in
            s.calls.append("ListVehicles")
            s.requests.append(pageToken)
            let index = pageToken.flatMap { Int($0.dropFirst("page-".count)) } ?? 0
            if let failure = s.failure, failure.page == index { return .failure(failure.error) }
            guard index < s.pages.count else {
                return .failure(
                    TripServiceError(code: .invalidArgument, message: "page token \(pageToken ?? "") expired"))
            }
            let next = index + 1 < s.pages.count ? "page-\(index + 1)" : ""
            return .success(ListVehiclesResponse(vehicles: s.pages[index], nextPageToken: next))
        }
        return try answer.get()
    }
}
