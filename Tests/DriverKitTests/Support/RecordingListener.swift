import DriverKit
import FleetModel
import NIOConcurrencyHelpers

/// A reporter listener that queues what it hears, so a test can await each call in turn.
final class RecordingListener: VehicleReporterListener {
    enum Event: Sendable {
        case success(VehicleUpdate)
        case failure(VehicleUpdate, TripServiceError)

        var update: VehicleUpdate {
            switch self {
            case .success(let u), .failure(let u, _): u
            }
        }

        var error: TripServiceError? {
            if case .failure(_, let error) = self { return error }
            return nil
        }
    }

    private struct State {
        var events: [Event] = []
        var waiters: [CheckedContinuation<Event, Never>] = []
        var all: [Event] = []
    }

    private let state = NIOLockedValueBox(State())

    func didSucceed(_ update: VehicleUpdate) async { deliver(.success(update)) }
    func didFail(_ update: VehicleUpdate, error: TripServiceError) async { deliver(.failure(update, error)) }

    /// Every call heard so far.
    var all: [Event] { state.withLockedValue { $0.all } }

    /// The next call not yet taken, waiting for it if need be.
    func next() async -> Event {
        await withCheckedContinuation { continuation in
            let ready: Event? = state.withLockedValue { s in
                if !s.events.isEmpty { return s.events.removeFirst() }
                s.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func deliver(_ event: Event) {
        let waiter: CheckedContinuation<Event, Never>? = state.withLockedValue { s in
            s.all.append(event)
            if !s.waiters.isEmpty { return s.waiters.removeFirst() }
            s.events.append(event)
            return nil
        }
        waiter?.resume(returning: event)
    }
}
