import FleetEngineProto
import FleetModel
import FleetServer
import SwiftProtobuf

/// Between the wire's protobuf messages and FleetModel's, field by field through the conversions generated from
/// Protos/ (``FleetEngineProto/ProtobufConvertible``), so the request a gRPC client sends reaches
/// ``FleetServer/FleetMethods`` exactly as the same request over REST would, and no JSON text is made on the way.
enum ProtoBridge {
    /// The FleetModel message a request carries. Unknown field numbers (a client built from newer protos than this
    /// server's) are refused by name, as is anything FleetModel cannot hold (an unknown enum number, a timestamp
    /// outside proto3's range), with the field's path as the JSON reader gives it.
    static func request<T: ProtobufConvertible>(_ message: T.Protobuf, as type: T.Type) throws(FleetError) -> T {
        if let unknown = UnknownFieldFinder.first(in: message) {
            throw .invalidArgument(
                "\(T.Protobuf.protoMessageName): \(unknown); this server's Fleet Engine protos do not know it")
        }
        do {
            return try T(protobuf: message)
        } catch {
            throw FleetError.invalidBody(error, in: "")
        }
    }
}
