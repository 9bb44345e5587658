import FleetModel
import NIOConcurrencyHelpers
import TripFollowing

/// A fleet backend answering from a script a test changes as it goes: the fleet as pages, or a failure on a given
/// page; it records the page tokens it was asked for.
public final class ScriptedFleetBackend: FleetBackend {
    private struct State {
        var pages: [[Vehicle]] = []
        var failure: (page: Int, error: TripServiceError)?
        var requests: [String?] = []
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

    public func listVehicles(pageToken: String?) async throws(TripServiceError) -> ListVehiclesResponse {
        let answer: Result<ListVehiclesResponse, TripServiceError> = state.withLockedValue { s in
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
