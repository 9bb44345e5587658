import HTTPTypes
import NIOCore

/// Where ``PollFastPath/writeAnswerHeaders(bodyCount:date:into:)`` puts an answer's headers: the fields of an
/// `HTTPResponse` after the codec, or the bytes of the response's head before it.
protocol AnswerHeaders {
    mutating func add(_ name: HTTPField.Name, _ value: String)
}

extension HTTPFields: AnswerHeaders {
    mutating func add(_ name: HTTPField.Name, _ value: String) { self[name] = value }
}

extension ByteBuffer: AnswerHeaders {
    /// One header line after the status line or the header before it, as NIO's HTTP/1.1 encoder writes it.
    mutating func add(_ name: HTTPField.Name, _ value: String) {
        writeStaticString("\r\n")
        writeString(name.rawName)
        writeStaticString(": ")
        writeString(value)
    }
}
