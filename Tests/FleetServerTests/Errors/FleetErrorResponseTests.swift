import Foundation
import Hummingbird
import Testing

@testable import FleetServer

/// FleetError as Hummingbird's error-response type: status, headers (a structured Allow) and Google's error body,
/// as FleetResponder writes them.
@Suite struct FleetErrorResponseTests {
    /// Google's error body, `{"error":{"code","message","status"}}` with nothing else, as fields (nil if not that).
    static func fields(_ body: String) -> (code: Int, message: String, status: String)? {
        guard let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], json.count == 1,
            let error = json["error"] as? [String: Any], Set(error.keys) == ["code", "message", "status"],
            let code = error["code"] as? Int, let message = error["message"] as? String,
            let status = error["status"] as? String
        else { return nil }
        return (code, message, status)
    }

    @Test func aWrongMethodIs405WithItsAllowHeader() async throws {
        let fixture = try await ResponderFixture()
        let response = try await fixture.responder.respond(
            to: fixture.request(.patch, "/v1/providers/p/trips/t1", token: nil), context: fixture.context())
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers[.allow] == "GET, PUT, DELETE")
        #expect(response.headers[.contentType] == "application/json; charset=UTF-8")
        #expect(response.headers[.wwwAuthenticate] == nil)
        let body = try #require(Self.fields(try await ResponderFixture.body(of: response)))
        #expect(body.code == 405 && body.status == "UNIMPLEMENTED")
        #expect(body.message == "Method PATCH is not allowed on /v1/providers/p/trips/t1; allowed: GET, PUT, DELETE.")
    }

    @Test func theAllowHeaderComesFromTheMethodsNotTheMessage() {
        let error = FleetError(.unimplemented, "no methods named here", httpStatus: 405, allowedMethods: [.get, .post])
        #expect(error.status == .methodNotAllowed)
        #expect(error.headers[.allow] == "GET, POST")
        #expect(FleetError(.unimplemented, "allowed: GET, PUT.", httpStatus: 405).headers[.allow] == nil)
        #expect(
            FleetError.methodNotAllowed(.delete, path: "/v1/providers/p/trips", allowed: [.post])
                == FleetError(
                    .unimplemented, "Method DELETE is not allowed on /v1/providers/p/trips; allowed: POST.",
                    httpStatus: 405, allowedMethods: [.post]))
    }

    @Test func aMissingTokenIs401WithWWWAuthenticate() async throws {
        let fixture = try await ResponderFixture()
        let response = try await fixture.responder.respond(
            to: fixture.request(.get, "/v1/providers/p/trips/t1", token: nil), context: fixture.context())
        #expect(response.status == .unauthorized)
        #expect(response.headers[.wwwAuthenticate] == #"Bearer realm="fleetengine""#)
        #expect(response.headers[.allow] == nil)
        let body = try #require(Self.fields(try await ResponderFixture.body(of: response)))
        #expect(body.code == 401 && body.status == "UNAUTHENTICATED")
        #expect(body.message.hasPrefix("Request is missing required authentication credential"))
    }

    @Test func anOversizedBodyIs413InvalidArgument() {
        let error = FleetError(.invalidArgument, "too large", httpStatus: 413)
        #expect(error.status == .contentTooLarge)
        #expect(error.headers[.contentType] == "application/json; charset=UTF-8")
        let body = Self.fields(String(decoding: error.body.jsonData(), as: UTF8.self))
        #expect(body?.code == 413 && body?.message == "too large" && body?.status == "INVALID_ARGUMENT")
    }
}
