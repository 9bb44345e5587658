import FleetEngineProto
import FleetModel
import FleetServer
import FleetServerGRPC
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import SwiftProtobuf
import TestSupport

/// A test server's two sides over one store: its REST server (``TestServer``) and a ``FleetGRPCServer`` on the same
/// core, with Google's generated clients connected over loopback HTTP/2.
struct GRPCFleet: Sendable {
    let server: TestServer
    let client: GRPCClient<HTTP2ClientTransport.Posix>

    var trips: Maps_Fleetengine_V1_TripService.Client<HTTP2ClientTransport.Posix> { .init(wrapping: client) }
    var vehicles: Maps_Fleetengine_V1_VehicleService.Client<HTTP2ClientTransport.Posix> { .init(wrapping: client) }

    /// `authorization: Bearer …` metadata with a token for `claims`.
    func auth(_ claims: AuthorizationClaims = .server) async throws -> Metadata {
        ["authorization": "Bearer \(try await server.token(claims))"]
    }

    /// Calls `method` with `bytes` as the request message, unchecked, and returns the answer's bytes: how a client
    /// with other protos, or a broken one, talks to the server.
    func raw(_ method: String, in service: String, _ bytes: [UInt8], metadata: Metadata) async throws -> [UInt8] {
        try await client.unary(
            request: ClientRequest(message: bytes, metadata: metadata),
            descriptor: MethodDescriptor(fullyQualifiedService: service, method: method), serializer: RawBytes(),
            deserializer: RawBytes(), options: .defaults
        ) { response in try response.message }
    }
}

extension Maps_Fleetengine_V1_CreateVehicleRequest {
    /// CreateVehicle of an online car (exclusive trips, four seats) under `providers/p`, as the tests create them.
    static func car(_ id: String, attributes: [Maps_Fleetengine_V1_VehicleAttribute] = []) -> Self {
        .with {
            $0.parent = "providers/p"
            $0.vehicleID = id
            $0.vehicle = .with {
                $0.vehicleState = .online
                $0.supportedTripTypes = [.exclusive]
                $0.maximumCapacity = 4
                $0.vehicleType = .with { $0.category = .auto }
                $0.attributes = attributes
            }
        }
    }
}

/// Runs `body` with a fresh server answering REST and gRPC (writing its calls to `logExport`, when given), and stops
/// both.
func withGRPCFleet<T: Sendable>(
    maxMessageBytes: Int = 1 << 20, logExport: String? = nil, _ body: @Sendable (GRPCFleet) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(logExport: logExport)
    do {
        let result = try await serveGRPC(server, maxMessageBytes: maxMessageBytes, body)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// `body` with a gRPC server and client on `server`'s core.
private func serveGRPC<T: Sendable>(
    _ server: TestServer, maxMessageBytes: Int, _ body: @Sendable (GRPCFleet) async throws -> T
) async throws -> T {
    let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
    var logger = Logger(label: "grpc-test")
    logger.logLevel = .critical
    let grpc = FleetGRPCServer(
        core: server.server.core, port: 0, maxMessageBytes: maxMessageBytes, logger: logger,
        onListening: { _, port in portSink.yield(port) })
    let serving = Task {
        defer { portSink.finish() }
        try await grpc.run()
    }
    defer { serving.cancel() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
        throw GRPCFleetError(message: "the gRPC server stopped before it listened: \(await serving.result)")
    }
    let result = try await withGRPCClient(
        transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
    ) { client in try await body(GRPCFleet(server: server, client: client)) }
    serving.cancel()
    _ = await serving.result
    return result
}

struct GRPCFleetError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Bytes as the message itself, both ways.
struct RawBytes: MessageSerializer, MessageDeserializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes { Bytes(message) }
    func deserialize<Bytes: GRPCContiguousBytes>(_ bytes: Bytes) throws -> [UInt8] {
        bytes.withUnsafeBytes { Array($0) }
    }
}

extension SwiftProtobuf.Message {
    /// The message as FleetModel reads it, through proto3 JSON, to compare with what REST answers.
    func fleetModel<T: Decodable>(as type: T.Type) throws -> T {
        try ProtoJSON.decode(type, from: try jsonUTF8Data(), options: .strict)
    }
}

extension TestResponse {
    /// The gRPC status name and message of a REST error answer (`{"error":{"status":…,"message":…}}`).
    var errorStatus: (code: String, message: String)? {
        guard let error = json["error"] as? [String: Any] else { return nil }
        return (error["status"] as? String ?? "", error["message"] as? String ?? "")
    }
}
