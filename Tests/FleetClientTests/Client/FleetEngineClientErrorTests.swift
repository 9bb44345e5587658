import FleetClient
import FleetModel
import Foundation
import TestSupport
import Testing

/// Every way a call can fail comes back as a classified ``TripServiceError`` — never a crash.
@Suite struct FleetEngineClientErrorTests {
    typealias F = ClientFixtures

    @Test(arguments: StatusCode.allCases.filter { $0 != .ok })
    func googleErrorJSONKeepsItsCodeMessageAndClass(code: StatusCode) async throws {
        let error = try await FakeFleetEngine.with(script: [
            .googleError(status: code.httpStatus, code: code.name, message: "because \(code.name)")
        ]) { fake in
            try await F.withClient(fake) { client in await F.failure { try await client.getTrip(F.tripName) } }
        }
        let failure = try #require(error)
        #expect(failure.code == code)
        #expect(failure.message == "because \(code.name)")
        #expect(failure.httpStatus == code.httpStatus)
        #expect(failure.errorClass == code.errorClass)
        #expect(failure.transport == nil)
    }

    @Test func retryAfterIsHonouredInSecondsAndAsADate() async throws {
        let date = Date().addingTimeInterval(120)
        let script: [FakeFleetEngine.Reply] = [
            .googleError(status: 429, code: "RESOURCE_EXHAUSTED", message: "quota", headers: ["Retry-After": "7"]),
            .googleError(
                status: 503, code: "UNAVAILABLE", message: "down", headers: ["Retry-After": HTTPDateText.format(date)]),
            .json(
                status: 503,
                #"{"error": {"code": 503, "status": "UNAVAILABLE", "message": "x", "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "2.5s"}]}}"#
            ),
        ]
        let errors = try await FakeFleetEngine.with(script: script) { fake in
            try await F.withClient(fake) { client in
                var errors: [TripServiceError] = []
                for _ in 0..<3 {
                    if let e = await F.failure({ try await client.getTrip(F.tripName) }) { errors.append(e) }
                }
                return errors
            }
        }
        #expect(errors.count == 3)
        #expect(errors[0].code == .resourceExhausted && errors[0].errorClass == .client)
        #expect(errors[0].retryAfter == .seconds(7))
        #expect(errors[1].code == .unavailable && errors[1].errorClass == .recoverable)
        // The date was two minutes ahead when made; a loaded machine may take a while to get to the request.
        let seconds = try #require(errors[1].retryAfter).components.seconds
        let elapsed = Int64(Date().timeIntervalSince(date.addingTimeInterval(-120)).rounded(.up))
        #expect((120 - elapsed - 1)...121 ~= seconds, "two minutes less the \(elapsed) s since: \(seconds)")
        #expect(errors[2].retryAfter == .milliseconds(2500))
    }

    @Test func aNonJSONErrorPageIsClassifiedByItsStatus() async throws {
        let error = try await FakeFleetEngine.with(script: [
            .raw(status: 502, contentType: "text/html", body: "<html><body>Bad gateway</body></html>")
        ]) { fake in
            try await F.withClient(fake) { client in await F.failure { try await client.getTrip(F.tripName) } }
        }
        let failure = try #require(error)
        #expect(failure.code == .unavailable)
        #expect(failure.errorClass == .recoverable)
        #expect(failure.message.contains("Bad gateway"))
    }

    @Test func garbageAndWrongShapedSuccessBodiesAreMalformedResponses() async throws {
        let bodies: [FakeFleetEngine.Reply] = [
            .raw(status: 200, contentType: "application/json", body: "{\"tripStatus\": "),
            .raw(status: 200, contentType: "text/plain", body: "hello"),
            .raw(status: 200, contentType: "application/json", body: ""),
            .json(#"{"tripStatus": {"nested": true}}"#),
        ]
        let errors = try await FakeFleetEngine.with(script: bodies) { fake in
            try await F.withClient(fake) { client in
                var errors: [TripServiceError] = []
                for _ in bodies {
                    if let e = await F.failure({ try await client.getTrip(F.tripName) }) { errors.append(e) }
                }
                return errors
            }
        }
        #expect(errors.count == bodies.count)
        for error in errors {
            #expect(error.transport == .malformedResponse, "\(error)")
            #expect(error.errorClass == .recoverable)
            #expect(error.httpStatus == 200)
        }
        #expect(errors[3].message.contains("tripStatus"))
    }

    @Test func aTruncatedBodyIsATransportFailure() async throws {
        let error = try await FakeFleetEngine.with(script: [
            .truncated(#"{"name": "providers/my-pro"#, declaredLength: 500)
        ]) { fake in
            try await F.withClient(fake) { client in await F.failure { try await client.getTrip(F.tripName) } }
        }
        let failure = try #require(error)
        #expect(failure.transport != nil, "\(failure)")
        #expect(failure.errorClass == .recoverable)
    }

    @Test func aBodyOverTheLimitIsRefused() async throws {
        var trip = F.trip()
        trip.route = Array(repeating: F.pickup, count: 2000)
        let error = try await FakeFleetEngine.with(script: [.json(F.json(trip))]) { fake in
            try await F.withClient(fake, options: FleetClientOptions(maxResponseBytes: 10_000)) { client in
                await F.failure { try await client.getTrip(F.tripName) }
            }
        }
        let failure = try #require(error)
        #expect(failure.transport == .malformedResponse)
        #expect(failure.message.contains("10000-byte limit"))
    }

    @Test func aSlowServerTimesOut() async throws {
        let error = try await FakeFleetEngine.with(script: [.delayed(.seconds(30), .json(F.json(F.trip())))]) { fake in
            try await F.withClient(fake, options: FleetClientOptions(requestTimeout: .milliseconds(300))) { client in
                await F.failure { try await client.getTrip(F.tripName) }
            }
        }
        let failure = try #require(error)
        #expect(failure.transport == .timedOut)
        #expect(failure.code == .deadlineExceeded)
        #expect(failure.errorClass == .recoverable)
    }

    @Test func aClosedPortIsConnectionRefused() async throws {
        try await withClosedLoopbackPort { port in
            try await FakeFleetEngine.with(script: [.json("{}")]) { fake in
                let error = try await F.withClient(fake, baseURL: "http://127.0.0.1:\(port)") { client in
                    await F.failure { try await client.getTrip(F.tripName) }
                }
                let failure = try #require(error)
                #expect(failure.transport == .connectionRefused, "\(failure)")
                #expect(failure.code == .unavailable)
                #expect(failure.description == "UNAVAILABLE (recoverable): connection refused")
            }
        }
    }

    @Test func anUnresolvableHostIsADNSFailure() async throws {
        try await FakeFleetEngine.with(script: [.json("{}")]) { fake in
            let error = try await F.withClient(fake, baseURL: "http://no-such-host.invalid") { client in
                await F.failure { try await client.getTrip(F.tripName) }
            }
            let failure = try #require(error)
            #expect(failure.transport == .dnsFailure, "\(failure)")
            #expect(failure.errorClass == .recoverable)
        }
    }

    @Test func a401RefreshesTheTokenOnceAndRetries() async throws {
        let tokens = CountingTokenProvider()
        try await FakeFleetEngine.with({ request in
            request.authorization == "Bearer token-2"
                ? .json(F.json(F.trip())) : .googleError(status: 401, code: "UNAUTHENTICATED", message: "expired")
        }) { fake in
            let trip = try await F.withClient(fake, tokens: tokens) { client in try await client.getTrip(F.tripName) }
            #expect(trip.tripStatus == .enrouteToPickup)
            #expect(fake.requests.map(\.authorization) == ["Bearer token-1", "Bearer token-2"])
        }
        #expect(await tokens.invalidations == [AuthTokenContext(tripID: "trip-1", role: .consumer)])
    }

    @Test func a401ThatPersistsIsReportedAfterOneRetry() async throws {
        let tokens = CountingTokenProvider()
        try await FakeFleetEngine.with(script: [
            .googleError(status: 401, code: "UNAUTHENTICATED", message: "bad signature")
        ]) { fake in
            let error = try await F.withClient(fake, tokens: tokens) { client in
                await F.failure { try await client.getTrip(F.tripName) }
            }
            #expect(error?.code == .unauthenticated)
            #expect(error?.errorClass == .client)
            #expect(fake.requests.count == 2)
        }
        #expect(await tokens.issued == 2)
    }
}

/// Hands out `token-1`, `token-2`… and remembers invalidations.
actor CountingTokenProvider: AuthTokenProvider {
    private(set) var issued = 0
    private(set) var invalidations: [AuthTokenContext] = []

    func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken {
        issued += 1
        return AuthToken(value: "token-\(issued)")
    }

    func invalidate(_ context: AuthTokenContext) async { invalidations.append(context) }
}

/// IMF-fixdate, for Retry-After headers.
enum HTTPDateText {
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
