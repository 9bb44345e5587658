import Crypto
import Foundation

/// The key webhooks are signed with, and the signature itself, as Standard Webhooks defines them: HMAC-SHA256 over
/// `id.timestamp.body`, sent as `webhook-signature: v1,<base64>`.
///
/// A secret written `whsec_<base64>` (the convention's form) is the bytes that base64 decodes to; any other text is
/// its own UTF-8 bytes as the key (Stripe's `whsec_…` secrets, which are not base64 after the prefix, are refused:
/// write them without the prefix).
public struct WebhookSecret: Sendable, Hashable {
    public let key: Data

    public init(key: Data) { self.key = key }

    /// The secret in `text` (surrounding spaces and the final newline ignored).
    public init(text: String) throws(EventConfigurationError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw EventConfigurationError("the secret is empty") }
        if trimmed.hasPrefix("whsec_") {
            guard let key = Data(base64Encoded: String(trimmed.dropFirst(6))), !key.isEmpty else {
                throw EventConfigurationError("a whsec_ secret must be base64 after the prefix")
            }
            self.key = key
        } else {
            self.key = Data(trimmed.utf8)
        }
    }

    /// The secret in the file at `path`.
    public init(file path: String) throws(EventConfigurationError) {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw EventConfigurationError("cannot read the events secret file \(path): \(FleetServer.describe(error))")
        }
        do { try self.init(text: text) } catch { throw EventConfigurationError("\(path): \(error.message)") }
    }

    /// `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
    public func signature(id: String, timestamp: Int64, body: Data) -> String {
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: key))
        return "v1," + Data(mac).base64EncodedString()
    }
}
