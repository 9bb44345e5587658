import FleetModel
import Foundation

/// An HTTP answer, its body parsed as JSON where it is JSON.
public struct TestResponse: Sendable {
    public let status: Int
    public let body: String
    public let headers: [(String, String)]

    public init(status: Int, body: String, headers: [(String, String)]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }

    public func header(_ name: String) -> String? { headers.first { $0.0 == name.lowercased() }?.1 }

    public func trip() throws -> Trip { try ProtoJSON.decode(Trip.self, from: body, options: .strict) }
    public func vehicle() throws -> Vehicle { try ProtoJSON.decode(Vehicle.self, from: body, options: .strict) }

    /// Throws, with the body, unless the status is `status`.
    public func require(_ status: Int) throws {
        guard self.status == status else { throw UnexpectedResponse(expected: status, response: self) }
    }
}

/// An answer with another status than the test needed to go on.
public struct UnexpectedResponse: Error, CustomStringConvertible {
    public var expected: Int
    public var response: TestResponse
    public var description: String { "expected HTTP \(expected), got \(response.status): \(response.body)" }
}
