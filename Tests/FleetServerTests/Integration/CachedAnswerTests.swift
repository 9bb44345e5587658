import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// GetTrip polls answered from the cache on the connection's event loop (`CachedAnswerHandler`): the same bytes
/// and headers as a full answer, the same authorization, and responses in the order of the requests. The server runs
/// on a stopped clock: the cache is refreshed at the turn of each second, and requests meant to fall in one second
/// must, however loaded the machine (on the real clock three tries all missed under ThreadSanitizer).
@Suite struct CachedAnswerTests {
    static let path = "/v1/providers/p/trips/t1?view=JOURNEY_SHARING_V1S"

    /// Log lines of GetTrip answers given on the event loop.
    static func cachedLines(_ server: TestServer) -> [String] {
        server.logs.all.filter { $0.contains("GET /v1/providers/p/trips/t1 200") && $0.contains("cached") }
    }

    @Test func aRepeatedPollGetsTheSameAnswerFromTheEventLoop() async throws {
        try await withTestServer(clock: StoppedClock()) { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let token = try await server.token(AuthorizationClaims(tripid: "t1"))
            let full = try await server.request(.GET, Self.path, token: token)
            let cached = try await Self.pollUntilCached(server, token: token)
            #expect(full.status == 200 && cached.status == 200)
            #expect(cached.body == full.body || cached.json["name"] as? String == "providers/p/trips/t1")
            for header in ["content-type", "content-length", "date"] {
                #expect(cached.header(header) != nil, "\(header) missing")
                #expect((cached.header(header) == nil) == (full.header(header) == nil))
            }
            #expect(cached.header("content-type") == full.header("content-type"))
            #expect(cached.header("content-length") == String(cached.body.utf8.count))
        }
    }

    @Test func aVerifiedTokenForAnotherTripIsRefused() async throws {
        try await withTestServer(clock: StoppedClock()) { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            try await server.createTrip("t2", vehicle: "v1")
            let own = try await server.token(AuthorizationClaims(tripid: "t1"))
            let other = try await server.token(AuthorizationClaims(tripid: "t2"))
            #expect(try await server.request(.GET, Self.path, token: own).status == 200)
            #expect(
                try await server.request(.GET, "/v1/providers/p/trips/t2", token: other).status == 200,
                "t2's token verified")
            for _ in 0..<3 {
                #expect(try await server.request(.GET, Self.path, token: own).status == 200)
                try await server.request(.GET, Self.path, token: other).expectError(403, "PERMISSION_DENIED")
            }
        }
    }

    @Test func aVerifiedTokenThatExpiredIsRefused() async throws {
        let clock = StoppedClock()
        try await withTestServer(clock: clock) { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let shortLived = try await server.minter.mint(
                AuthorizationClaims(tripid: "t1"), lifetime: .seconds(2), now: clock.now)
            #expect(try await server.request(.GET, Self.path, token: shortLived).status == 200)
            clock.advance(by: 3)
            // A fresh answer in the cache for this second, so only the token's time can refuse the next poll.
            let token = try await server.serverToken()
            #expect(try await server.request(.GET, Self.path, token: token).status == 200)
            #expect(try await server.request(.GET, Self.path, token: token).status == 200)
            try await server.request(.GET, Self.path, token: shortLived).expectError(401, "UNAUTHENTICATED")
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withTestServer(clock: StoppedClock()) { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let token = try await server.serverToken()
            #expect(try await server.request(.GET, Self.path, token: token).status == 200)  // the answer is cached
            let port = Int(server.baseURL.split(separator: ":").last!)!
            let connection = try RawHTTPConnection(port: port)
            // A vehicle read goes through Hummingbird; the trip polls behind it could be answered at once, but
            // must wait their turn.
            let vehicle = "/v1/providers/p/vehicles/v1"
            try connection.send(
                RawHTTPConnection.get(vehicle, token: token) + RawHTTPConnection.get(Self.path, token: token)
                    + RawHTTPConnection.get(vehicle, token: token) + RawHTTPConnection.get(Self.path, token: token))
            var names: [String] = []
            for _ in 0..<4 { names.append(try Self.name(await connection.readResponse())) }
            #expect(
                names == [
                    "providers/p/vehicles/v1", "providers/p/trips/t1", "providers/p/vehicles/v1",
                    "providers/p/trips/t1",
                ])
            #expect(Self.cachedLines(server).isEmpty, "a poll behind a request in progress is not answered ahead of it")
            // Nothing in progress any more: the next poll on the same connection comes from the cache.
            for _ in 0..<3 where Self.cachedLines(server).isEmpty {
                try connection.send(RawHTTPConnection.get(Self.path, token: token))
                #expect(try Self.name(await connection.readResponse()) == "providers/p/trips/t1")
            }
            #expect(Self.cachedLines(server).count == 1, "\(server.logs.all)")
        }
    }

    /// Polls until an answer comes from the event loop: one poll on the stopped clock (on a moving one, a poll that
    /// met the turn of a second is answered in full, refreshing the cache).
    static func pollUntilCached(_ server: TestServer, token: String) async throws -> TestResponse {
        let before = cachedLines(server).count
        for _ in 0..<3 {
            let response = try await server.request(.GET, path, token: token)
            if cachedLines(server).count > before { return response }
        }
        Issue.record("no poll was answered from the cache: \(server.logs.all)")
        return try await server.request(.GET, path, token: token)
    }

    static func name(_ response: RawHTTPConnection.Response) throws -> String {
        #expect(response.status == 200, "\(response.body)")
        let json = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any]
        return json?["name"] as? String ?? response.body
    }
}
