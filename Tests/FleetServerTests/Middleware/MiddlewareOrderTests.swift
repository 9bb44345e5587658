import FleetModel
import Foundation
import Hummingbird
import Testing

@testable import FleetServer

/// The middleware stack's order is the order of the server's answers: routing before the token, the token before
/// anything reaches FleetAPI (and so the body or the store), and every failure logged and made a FleetError.
@Suite struct MiddlewareOrderTests {
    /// Runs the server's stack with `endpoint` in FleetAPI's place: the error it threw, and whether the endpoint ran.
    static func run(
        _ fixture: ResponderFixture, _ request: Request,
        endpoint: (Request, FleetRequestContext) async throws -> Response = { _, _ in Response(status: .ok) }
    ) async -> (error: FleetError?, reached: Bool) {
        var reached = false
        do {
            _ = try await fixture.middleware.handle(request, context: fixture.context()) { request, context in
                reached = true
                return try await endpoint(request, context)
            }
            return (nil, reached)
        } catch {
            return (error as? FleetError, reached)
        }
    }

    @Test func aRequestWithoutAValidTokenNeverReachesTheEndpoint() async throws {
        let fixture = try await ResponderFixture()
        let expired = try await fixture.minter.mint(.server, now: Date().addingTimeInterval(-7200))
        let create = #"{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":1,"longitude":2}}}"#
        for token in [nil, "not-a-jwt", expired] {
            let request = fixture.request(.post, "/v1/providers/p/trips?tripId=t1", token: token, body: create)
            let (error, reached) = await Self.run(fixture, request)
            #expect(error?.code == .unauthenticated && error?.httpStatus == 401, "\(String(describing: error))")
            #expect(!reached, "the endpoint ran for token \(token ?? "nil")")
        }
        // Through the real endpoint too: nothing was written.
        let (error, _) = await Self.run(
            fixture, fixture.request(.post, "/v1/providers/p/trips?tripId=t1", token: nil, body: create),
            endpoint: fixture.api.respond)
        #expect(error?.code == .unauthenticated)
        let name = try TripName(provider: "p", tripID: "t1")
        let stored = try await fixture.api.store.read { tx in try tx.trip(name) }
        #expect(stored == nil)
    }

    @Test func pathsAndMethodsAreCheckedBeforeTheToken() async throws {
        let fixture = try await ResponderFixture()
        let unknown = await Self.run(fixture, fixture.request(.get, "/v2/providers/p/trips/t1", token: nil))
        #expect(unknown.error?.httpStatus == 404 && !unknown.reached)
        let wrongMethod = await Self.run(fixture, fixture.request(.patch, "/v1/providers/p/trips/t1", token: nil))
        #expect(wrongMethod.error?.httpStatus == 405 && !wrongMethod.reached)
        #expect(wrongMethod.error?.allowedMethods == [.get, .put, .delete])
        let badName = await Self.run(fixture, fixture.request(.get, "/v1/providers/a%3Ab/trips/t1", token: nil))
        #expect(badName.error?.code == .invalidArgument && !badName.reached)
        // The query's names are the endpoint's business, after the token: without one, a stray parameter is 401.
        let stray = await Self.run(fixture, fixture.request(.get, "/v1/providers/p/trips/t1?colour=red", token: nil))
        #expect(stray.error?.code == .unauthenticated)
    }

    @Test func theEndpointGetsTheRouteAndTheVerifiedPrincipal() async throws {
        let fixture = try await ResponderFixture()
        let token = try await fixture.minter.mint(AuthorizationClaims(tripid: "t1"))
        let request = fixture.request(.get, "/v1/providers/p/trips/t1?view=JOURNEY_SHARING_V1S", token: token)
        let trip = try TripName(provider: "p", tripID: "t1")
        let (error, reached) = await Self.run(fixture, request) { _, context in
            let routed = try context.requireRoutedRequest()
            #expect(routed.route == .getTrip(trip))
            #expect(routed.rawQuery == "view=JOURNEY_SHARING_V1S")
            #expect(context.principal == Principal(tripID: "t1"))
            return Response(status: .ok)
        }
        #expect(error == nil && reached)
    }

    @Test func anUnexpectedErrorIsLoggedThenAnsweredAsInternal() async throws {
        struct Boom: Error {}
        let fixture = try await ResponderFixture()
        let token = try await fixture.minter.mint(.server)
        let request = fixture.request(.get, "/v1/providers/p/trips/t1", token: token)
        let (error, _) = await Self.run(fixture, request) { _, _ in throw Boom() }
        #expect(error == FleetError(.internal, "Internal error."))
        let lines = fixture.logs.all
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.contains("request failed unexpectedly") == true && lines.first?.contains("Boom") == true)
        #expect(lines.last?.hasPrefix("info GET /v1/providers/p/trips/t1 500 ") == true, "\(lines)")
    }

    @Test func everyAnswerIsLoggedOnceWithItsStatus() async throws {
        let fixture = try await ResponderFixture()
        let token = try await fixture.minter.mint(.server)
        _ = try await fixture.responder.respond(
            to: fixture.request(.get, "/v1/providers/p/trips/t1?view=X", token: token), context: fixture.context())
        _ = try await fixture.responder.respond(
            to: fixture.request(.delete, "/v1/providers/p/trips", token: nil), context: fixture.context())
        let lines = fixture.logs.all
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("info GET /v1/providers/p/trips/t1 400 ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("info DELETE /v1/providers/p/trips 405 ") == true, "\(lines)")
        #expect(!lines.contains { $0.contains("view=") || $0.contains("Bearer") })
    }
}
