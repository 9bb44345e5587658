import AsyncHTTPClient
import Foundation
import NIOCore

extension HTTPClientResponse.Body {
    /// The whole body, at most `limit` bytes (more throws `NIOTooManyBytesError`), copied into storage of its own.
    ///
    /// Not NIO's `collect(upTo:)`: that writes every later part into the first part's buffer, storage the event loop
    /// filled, and grows it on this task's thread. ThreadSanitizer reported a race on exactly that reallocation in
    /// CI (2026-11-24, `ByteBuffer._Storage.reallocStorage`, an event-loop thread against a task's); copying out
    /// only ever reads the parts.
    public func bytes(upTo limit: Int) async throws -> Data {
        var data = Data()
        for try await part in self {
            guard data.count + part.readableBytes <= limit else { throw NIOTooManyBytesError(maxBytes: limit) }
            data.append(contentsOf: part.readableBytesView)
        }
        return data
    }
}
