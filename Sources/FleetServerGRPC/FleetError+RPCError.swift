import FleetModel
import FleetServer
import GRPCCore

extension FleetError {
    /// The same failure as a gRPC status: the code REST names in `error.status`, and the same message.
    var rpcError: RPCError {
        let code = Status.Code(rawValue: code.rawValue).flatMap(RPCError.Code.init) ?? .unknown
        return RPCError(code: code, message: message)
    }
}
