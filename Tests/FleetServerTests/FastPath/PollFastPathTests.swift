import FleetModel
import Foundation
import Hummingbird
import Testing

@testable import FleetServer

/// The fast path serves only what the ordinary path would answer with 200, by the same rules: a GetTrip with a
/// well-formed query, a token whose signature checks without waiting, a cached answer, and a role that may read the
/// trip.
@Suite struct PollFastPathTests {
    static let target = "/v1/providers/p/trips/t1?view=JOURNEY_SHARING_V1S"

    /// A fixture with vehicle v1 and trip t1 assigned to it, created through the ordinary path. The server's clock
    /// stands still, so an answer cached for one second is still the cached one at the next request.
    static func withTrip() async throws -> (ResponderFixture, PollFastPath) {
        let now = Date()
        let fixture = try await ResponderFixture(clock: { now })
        let server = try await fixture.minter.mint(.server)
        let vehicle =
            #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"#
            + #""vehicleType":{"category":"AUTO"}}"#
        let trip = #"{"tripType":"EXCLUSIVE","vehicleId":"v1","pickupPoint":{"point":{"latitude":1,"longitude":2}}}"#
        let creates = [("/v1/providers/p/vehicles?vehicleId=v1", vehicle), ("/v1/providers/p/trips?tripId=t1", trip)]
        for (target, body) in creates {
            let response = try await fixture.responder.respond(
                to: fixture.request(.post, target, token: server, body: body), context: fixture.context())
            try #require(response.status == .ok)
        }
        return (fixture, PollFastPath(api: fixture.api, logger: fixture.logger, answersRepeatedPolls: true))
    }

    /// GetTrip through the ordinary path: its status and body.
    static func get(_ fixture: ResponderFixture, token: String) async throws -> (HTTPResponse.Status, String) {
        let response = try await fixture.responder.respond(
            to: fixture.request(.get, target, token: token), context: fixture.context())
        return (response.status, try await ResponderFixture.body(of: response))
    }

    static func poll(_ fastPath: PollFastPath, _ target: String, token: String) -> CachedPoll? {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let query = parts.count > 1 ? parts[1] : ""
        return fastPath.poll(path: parts[0], rawQuery: query, authorization: "Bearer \(token)")
    }

    /// A new token is a poll at once when the key that signed it verified a token before (the server's, in
    /// ``withTrip()``); one the fast path cannot check is the ordinary path's (``AuthenticatorTests``).
    @Test func onlyATokenThatChecksAndAWellFormedGetTripArePolls() async throws {
        let (fixture, fastPath) = try await Self.withTrip()
        let token = try await fixture.minter.mint(AuthorizationClaims(tripid: "t1"))
        #expect(Self.poll(fastPath, Self.target, token: "not-a-jwt") == nil)
        let unsigned = token.split(separator: ".").prefix(2).joined(separator: ".") + "."
        #expect(Self.poll(fastPath, Self.target, token: unsigned) == nil)
        let polled = Self.poll(fastPath, Self.target, token: token)
        guard case .trip(_, let tripID)? = polled?.resource else {
            Issue.record("not a trip poll: \(String(describing: polled))")
            return
        }
        #expect(tripID == "t1")
        let shipment = Self.poll(fastPath, "/v1/providers/p/taskTrackingInfo/parcel-1", token: token)
        guard case .shipment(let name)? = shipment?.resource else {
            Issue.record("not a shipment poll: \(String(describing: shipment))")
            return
        }
        #expect(name.trackingID == "parcel-1" && name.provider == "p")
        #expect(Self.poll(fastPath, "/v1/providers/p/vehicles/v1", token: token) == nil)
        #expect(Self.poll(fastPath, "/v1/providers/p/trips/t1?colour=red", token: token) == nil)
        #expect(Self.poll(fastPath, "/v1/providers/p/trips/t1?view=%zz", token: token) == nil)
    }

    @Test func itAnswersWhatTheOrdinaryPathAnsweredAndOnlyToWhoMayReadIt() async throws {
        let (fixture, fastPath) = try await Self.withTrip()
        let rider = try await fixture.minter.mint(AuthorizationClaims(tripid: "t1"))
        let otherRider = try await fixture.minter.mint(AuthorizationClaims(tripid: "t2"))
        #expect(try await Self.get(fixture, token: otherRider).0 == .forbidden)  // verified, but not for t1
        let (status, body) = try await Self.get(fixture, token: rider)
        #expect(status == .ok)
        let poll = try #require(Self.poll(fastPath, Self.target, token: rider))
        let cached = try #require(fastPath.answer(poll)?.body, "the answer the ordinary path just cached")
        #expect(String(decoding: cached, as: UTF8.self) == body)
        let other = try #require(Self.poll(fastPath, Self.target, token: otherRider))
        #expect(fastPath.answer(other) == nil, "the Authorizer refuses t2's token on the fast path too")
    }
}
