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

    /// The key of `token`: hashed once, then used to look up and, after a verification, to store.
    static func key(_ token: String) -> SHA256Digest {
        var token = token
        return token.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
    }

    subscript(key: SHA256Digest) -> FleetClaims? {
        get { entries.withLockedValue { $0[key] } }
        set {
            entries.withLockedValue { entries in
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[key] = newValue
            }
        }
    }
}
