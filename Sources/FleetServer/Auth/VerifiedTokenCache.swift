import NIOConcurrencyHelpers

/// Claims of tokens whose signature has been verified, by the exact token text. Bounded: when full it starts
/// over, which costs one verification per token and keeps memory flat whatever clients send.
final class VerifiedTokenCache: Sendable {
    private let entries = NIOLockedValueBox<[String: FleetClaims]>([:])
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    subscript(token: String) -> FleetClaims? {
        get { entries.withLockedValue { $0[token] } }
        set {
            entries.withLockedValue { entries in
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[token] = newValue
            }
        }
    }
}
