import Crypto
import Foundation
import NIOConcurrencyHelpers

/// Claims of tokens whose signature has been verified, by the SHA-256 of the exact token text: 32 bytes a token
/// instead of its ~700, so that a city's every rider and driver (a token each) fits. Bounded: when full it starts
/// over, which costs one verification per token and keeps memory flat whatever clients send.
final class VerifiedTokenCache: Sendable {
    private let entries = NIOLockedValueBox<[SHA256Digest: FleetClaims]>([:])
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    subscript(token: String) -> FleetClaims? {
        get {
            let key = Self.key(token)
            return entries.withLockedValue { $0[key] }
        }
        set {
            let key = Self.key(token)
            entries.withLockedValue { entries in
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[key] = newValue
            }
        }
    }

    private static func key(_ token: String) -> SHA256Digest { SHA256.hash(data: Data(token.utf8)) }
}
