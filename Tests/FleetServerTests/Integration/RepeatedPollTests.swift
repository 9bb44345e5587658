import Foundation
import NIOCore
import TestSupport
import Testing

@testable import FleetServer

/// A poll that repeats the connection's last cached poll byte for byte is answered before the HTTP codec
/// (`RepeatedPollHandler`): with the same bytes as the parsed path, checked again each time, and only while the
/// decoder is between requests. The server runs on a stopped clock, as in ``CachedAnswerTests``: the cache is
/// refreshed at the turn of each second, which on a loaded machine could fall between every two polls.
@Suite struct RepeatedPollTests {
    static let path = CachedAnswerTests.path

    /// How the server answered: the end of the request's log line.
    enum Path: Equatable { case full, parsed, repeated }

    /// Sends the poll on `connection` and tells which path answered it, from the log line it added.
    static func poll(
        _ connection: RawHTTPConnection, _ server: TestServer, token: String
    ) async throws -> (RawHTTPConnection.Response, Path) {
        let before = server.logs.all.count
        try connection.send(RawHTTPConnection.get(path, token: token))
        let response = try await connection.readResponse()
        var line: String?
        // Up to 5 s: the line is written as the answer leaves, and a loaded machine may take a while to run that.
        for _ in 0..<500 {
            line = server.logs.all.dropFirst(before).first { $0.contains("GET /v1/providers/p/trips/t1 ") }
            if line != nil { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        let path: Path =
            line?.contains(" ms cached repeat") == true
            ? .repeated : line?.contains(" ms cached") == true ? .parsed : .full
        return (response, path)
    }

    /// Polls until the answer takes `wanted`: the first poll is answered in full, the next parsed from the cache,
    /// then repeats before the codec.
    static func poll(
        until wanted: Path, _ connection: RawHTTPConnection, _ server: TestServer, token: String
    ) async throws -> RawHTTPConnection.Response? {
        for _ in 0..<12 {
            let (response, path) = try await poll(connection, server, token: token)
            if path == wanted { return response }
        }
        return nil
    }

    static func withTrip(
        clock: StoppedClock = StoppedClock(), _ body: (TestServer, RawHTTPConnection) async throws -> Void
    ) async throws {
        try await withTestServer(clock: clock) { server in
            try await server.createVehicle("v1")
            try await server.createTrip("t1", vehicle: "v1")
            let port = Int(server.baseURL.split(separator: ":").last!)!
            try await body(server, RawHTTPConnection(port: port))
        }
    }

    static func withoutDate(_ head: String) -> String {
        head.components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("date:") }.joined(separator: "\r\n")
    }

    @Test func aRepeatedPollGetsTheParsedPathsBytes() async throws {
        try await Self.withTrip { server, connection in
            let token = try await server.token(AuthorizationClaims(tripid: "t1"))
            let parsed = try #require(try await Self.poll(until: .parsed, connection, server, token: token))
            let repeated = try #require(
                try await Self.poll(until: .repeated, connection, server, token: token), "\(server.logs.all)")
            #expect(Self.withoutDate(repeated.head) == Self.withoutDate(parsed.head))
            #expect(repeated.body == parsed.body)
            #expect(repeated.head.hasPrefix("HTTP/1.1 200 OK\r\n"))
            let date = try #require(repeated.headers["date"])
            #expect(date.hasSuffix(" GMT") && date.count == 29, "IMF-fixdate: \(date)")
        }
    }

    @Test func aRepeatedPollSeesAWrite() async throws {
        try await Self.withTrip { server, connection in
            let token = try await server.serverToken()
            _ = try #require(try await Self.poll(until: .repeated, connection, server, token: token))
            let update = try await server.request(
                .PUT, "/v1/providers/p/trips/t1?updateMask=tripStatus", token: token,
                body: #"{"tripStatus":"ENROUTE_TO_PICKUP"}"#)
            #expect(update.status == 200, "\(update.body)")
            let (after, _) = try await Self.poll(connection, server, token: token)
            #expect(try CachedAnswerTests.name(after) == "providers/p/trips/t1")
            #expect(
                after.body.contains(#""tripStatus":"ENROUTE_TO_PICKUP""#),
                "no stale answer after the write: \(after.body)")
        }
    }

    @Test func aRepeatedPollWithATokenThatExpiredIsRefused() async throws {
        let clock = StoppedClock()
        try await Self.withTrip(clock: clock) { server, connection in
            let token = try await server.minter.mint(
                AuthorizationClaims(tripid: "t1"), lifetime: .seconds(3), now: clock.now)
            _ = try #require(try await Self.poll(until: .repeated, connection, server, token: token))
            clock.advance(by: 4)
            // A fresh answer in the cache for this second, so only the token's time can refuse the next poll.
            #expect(try await server.request(.GET, Self.path, token: server.serverToken()).status == 200)
            let (refused, _) = try await Self.poll(connection, server, token: token)
            #expect(refused.status == 401, "\(refused.body)")
            #expect(refused.body.contains("UNAUTHENTICATED"))
        }
    }

    @Test func aRequestSplitAcrossReadsTurnsTheShortPathOff() async throws {
        try await Self.withTrip { server, connection in
            let token = try await server.serverToken()
            _ = try #require(try await Self.poll(until: .parsed, connection, server, token: token))
            let request = RawHTTPConnection.get(Self.path, token: token)
            let middle = request.index(request.startIndex, offsetBy: 20)
            try connection.send(String(request[..<middle]))
            try await Task.sleep(for: .milliseconds(100))
            try connection.send(String(request[middle...]))
            #expect(try await connection.readResponse().status == 200)
            for _ in 0..<4 {
                let (response, path) = try await Self.poll(connection, server, token: token)
                #expect(response.status == 200)
                #expect(path != .repeated, "the decoder may hold bytes: every request is parsed")
            }
        }
    }

    @Test func pipelinedRepeatsAreAnsweredInOrder() async throws {
        try await Self.withTrip { server, connection in
            let token = try await server.serverToken()
            _ = try #require(try await Self.poll(until: .repeated, connection, server, token: token))
            let vehicle = "/v1/providers/p/vehicles/v1"
            try connection.send(
                RawHTTPConnection.get(vehicle, token: token) + RawHTTPConnection.get(Self.path, token: token)
                    + RawHTTPConnection.get(Self.path, token: token))
            var names: [String] = []
            for _ in 0..<3 { names.append(try CachedAnswerTests.name(await connection.readResponse())) }
            #expect(names == ["providers/p/vehicles/v1", "providers/p/trips/t1", "providers/p/trips/t1"])
        }
    }

    @Test(arguments: [
        ("GET /a HTTP/1.1\r\nHost: x\r\n\r\n", true),
        ("GET /a HTTP/1.1\r\n\r\n", true),
        ("GET /a HTTP/1.0\r\nHost: x\r\n\r\n", false),
        ("POST /a HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /a HTTP/1.1\r\nHost: x\r\n", false),
        ("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /a HTTP/1.1\r\n\r\n", false),
        ("GET /a HTTP/1.1\r\nContent-Length: 0\r\n\r\n", false),
        ("GET /a HTTP/1.1\r\ntransfer-ENCODING: chunked\r\n\r\n", false),
        ("GET /a HTTP/1.1\r\nX: y\nContent-Length: 5\r\n\r\n", false),
        ("GET /a HTTP/1.1\r\nX: y\rContent-Length: 5\r\n\r\n", false),
        ("GET /a HTTP/1.1\r\nX-Content-Length: 5\r\n\r\n", true),
    ])
    func oneBodilessGET(request: String, expected: Bool) {
        #expect(RepeatedPollHandler.isOneBodilessGET(ByteBuffer(string: request)) == expected)
    }
}
