import FleetModel
import FleetServer
import Foundation
import SwiftProtobuf

/// Between the wire's protobuf messages and FleetModel's, through proto3 JSON: both sides follow the same mapping, so
/// the request a gRPC client sends reaches ``FleetServer/FleetMethods`` exactly as the same request over REST would,
/// and the answer goes back field for field. Strict both ways: a field one side has and the other lacks is an error
/// here, not a value silently dropped.
enum ProtoBridge {
    /// The FleetModel message a request carries. Unknown field numbers (a client built from newer protos than this
    /// server's) are refused by name, as is anything FleetModel's rules reject while reading (a bad enum, say).
    static func request<P: SwiftProtobuf.Message, T: Decodable>(_ message: P, as type: T.Type) throws(FleetError) -> T {
        if let unknown = UnknownFieldFinder.first(in: message) {
            throw .invalidArgument(
                "\(P.protoMessageName): \(unknown); this server's maps.fleetengine.v1 protos do not know it")
        }
        let json: Data
        do { json = try message.jsonUTF8Data() } catch {
            throw .invalidArgument("\(P.protoMessageName) cannot be read: \(error)")
        }
        do {
            return try ProtoJSON.decode(type, from: json, options: .strict)
        } catch {
            throw FleetError.invalidBody(error, in: "")
        }
    }

    /// The wire message of an answer. Failing here is the server's own fault (its messages drifted from its protos).
    static func response<T: Encodable, P: SwiftProtobuf.Message>(_ value: T, as type: P.Type) throws -> P {
        try P(jsonUTF8Data: try ProtoJSON.encode(value))
    }
}
