/// A value that breaks a proto3 JSON rule (a malformed Timestamp, Duration or field mask), described for a person.
public struct ProtoValueError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
