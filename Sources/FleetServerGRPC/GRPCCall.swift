import FleetEngineProto
import FleetModel
import FleetServer
import Foundation
import GRPCCore
import Logging
import SwiftProtobuf

/// One unary call as every method handles it: the caller from the `authorization` metadata, the request message
/// into FleetModel's, ``FleetServer/FleetMethods`` (the same rules, store and authorization REST calls), and the
/// answer back into the wire's message. `x-goog-request-params`, the routing header Google's clients add, is
/// accepted and not needed: the request message names the resource.
///
/// A ``FleetServer/FleetError`` becomes the gRPC status with REST's code and message; any other failure is logged
/// and answered INTERNAL without its details, as REST answers 500.
struct GRPCCall: Sendable {
    let core: FleetServerCore
    let logger: Logger
    /// The largest request message answered; a bigger one (up to the transport's hard limit,
    /// ``FleetGRPCServer/transportLimit(for:)``) is RESOURCE_EXHAUSTED, as REST's bodies are 413.
    let maxMessageBytes: Int

    /// Runs `method` on the request decoded as `Request`, answering its result as `Output`.
    func unary<Request: ProtobufConvertible, Answer: ProtobufConvertible>(
        _ request: ServerRequest<Request.Protobuf>, context: ServerContext, as _: Request.Type,
        _ method: @Sendable (FleetMethods, Request, Principal, ProtoTimestamp) async throws -> Answer
    ) async throws -> ServerResponse<Answer.Protobuf> {
        try await answering(context) {
            let principal = try await authenticate(request.metadata)
            try checkSize(try request.message.serializedData().count)
            let typed = try ProtoBridge.request(request.message, as: Request.self)
            let answer = try await method(core.methods, typed, principal, core.now)
            return ServerResponse(message: answer.protobuf)
        }
    }

    /// A polled request's key in the answer cache: the request without its header (which does not change the
    /// answer), in binary, after the size check every message gets.
    func cacheKey<Message: PolledRequest>(_ request: Message) throws -> String {
        var keyed = request
        keyed.clearHeader()
        let serialized = try keyed.serializedData()
        try checkSize(serialized.count)
        return "grpc " + serialized.base64EncodedString()
    }

    /// RESOURCE_EXHAUSTED for a request message over the limit, with REST's message for an oversized body.
    func checkSize(_ bytes: Int) throws(FleetError) {
        guard bytes <= maxMessageBytes else {
            throw FleetError(.resourceExhausted, "Request payload size exceeds the limit: \(maxMessageBytes) bytes.")
        }
    }

    /// The verified caller of a request, UNAUTHENTICATED without a valid `authorization: Bearer` token.
    func authenticate(_ metadata: Metadata) async throws(FleetError) -> Principal {
        let header = metadata[stringValues: "authorization"].first(where: { _ in true })
        return try await core.authenticator.authenticate(authorizationHeader: header, now: core.clock())
    }

    /// `body`'s answer, with its failures as gRPC statuses, logged once as REST logs a request:
    /// `gRPC maps.fleetengine.v1.TripService/GetTrip OK 0.9 ms`, never the message (it holds names and places).
    func answering<Output>(
        _ context: ServerContext, _ body: () async throws -> ServerResponse<Output>
    ) async throws -> ServerResponse<Output> {
        let start = ContinuousClock.now
        var status = StatusCode.internal
        defer {
            let milliseconds = (ContinuousClock.now - start) / .milliseconds(1)
            logger.info(
                "gRPC \(context.descriptor.fullyQualifiedMethod) \(status.name) \(String(format: "%.1f", milliseconds)) ms"
            )
        }
        do {
            let response = try await body()
            status = .ok
            return response
        } catch let error as FleetError {
            status = error.code
            throw error.rpcError
        } catch let error as RPCError {
            status = StatusCode(rawValue: error.code.rawValue) ?? .unknown
            throw error
        } catch {
            logger.error("internal error: \(error)")
            throw RPCError(code: .internalError, message: "Internal error.")
        }
    }
}

/// A request that riders or a shipment's consumers poll, answered through the answer cache (``GRPCCall/cacheKey(_:)``).
protocol PolledRequest: SwiftProtobuf.Message {
    mutating func clearHeader()
}

extension Maps_Fleetengine_V1_GetTripRequest: PolledRequest {}
extension Maps_Fleetengine_Delivery_V1_GetTaskTrackingInfoRequest: PolledRequest {}
