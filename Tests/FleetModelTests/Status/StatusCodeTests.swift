import Foundation
import Testing

@testable import FleetModel

@Suite struct StatusCodeTests {
    @Test func thereAreSeventeenCodesWithGoogleNames() {
        #expect(StatusCode.allCases.count == 17)
        #expect(StatusCode.allCases.map(\.rawValue) == Array(0...16))
        for code in StatusCode.allCases { #expect(StatusCode(name: code.name) == code) }
        #expect(StatusCode.permissionDenied.name == "PERMISSION_DENIED")
        #expect(StatusCode(name: "permission_denied") == nil)
    }

    /// Fleet Engine's error table (reference §7.3) plus google.rpc.Code's HTTP mapping.
    @Test(arguments: [
        (400, StatusCode.invalidArgument), (401, .unauthenticated), (403, .permissionDenied), (404, .notFound),
        (408, .deadlineExceeded), (409, .aborted), (412, .failedPrecondition), (416, .outOfRange),
        (429, .resourceExhausted), (499, .cancelled), (500, .internal), (501, .unimplemented), (502, .unavailable),
        (503, .unavailable), (504, .deadlineExceeded), (418, .failedPrecondition), (507, .internal), (302, .unknown),
        (200, .ok),
    ])
    func httpStatusesMapToCodes(http: Int, code: StatusCode) {
        #expect(StatusCode(httpStatus: http) == code)
    }

    /// 409 is both ALREADY_EXISTS and ABORTED; Google's error body always says which, and without one a conflict is
    /// taken as ABORTED (retry), so ALREADY_EXISTS is the one code whose class does not survive a bare HTTP status.
    @Test func everyCodeMapsBackToAnHTTPStatusThatMapsToAClassAlike() {
        #expect(StatusCode(httpStatus: StatusCode.alreadyExists.httpStatus) == .aborted)
        for code in StatusCode.allCases where code != .alreadyExists {
            #expect(StatusCode(httpStatus: code.httpStatus).errorClass == code.errorClass, "\(code)")
        }
    }

    @Test func classesAreAsDocumented() {
        let recoverable: Set<StatusCode> = [
            .aborted, .cancelled, .deadlineExceeded, .unavailable, .unknown, .internal, .dataLoss, .ok,
        ]
        let client: Set<StatusCode> = [
            .invalidArgument, .notFound, .permissionDenied, .resourceExhausted, .unauthenticated, .alreadyExists,
            .failedPrecondition, .outOfRange, .unimplemented,
        ]
        #expect(recoverable.union(client) == Set(StatusCode.allCases))
        for code in recoverable { #expect(code.errorClass == .recoverable, "\(code)") }
        for code in client { #expect(code.errorClass == .client, "\(code)") }
    }

    @Test func transportFailuresAreRecoverable() {
        for failure in TransportFailure.allCases {
            let error = TripServiceError(transport: failure)
            #expect(error.errorClass == .recoverable)
            #expect(error.httpStatus == nil)
        }
        #expect(TripServiceError(transport: .timedOut).code == .deadlineExceeded)
        #expect(TripServiceError(transport: .connectionRefused).code == .unavailable)
    }

    @Test func httpErrorsTakeTheirCodeFromGoogleErrorBodies() throws {
        let body = GoogleErrorBody.parse(
            Data(#"{"error": {"code": 400, "message": "trip is COMPLETE", "status": "FAILED_PRECONDITION"}}"#.utf8))
        let error = TripServiceError(httpStatus: 400, body: body, retryAfter: nil)
        #expect(error.code == .failedPrecondition)
        #expect(error.message == "trip is COMPLETE")
        #expect(error.httpStatus == 400)
        #expect(error.errorClass == .client)
        #expect(error.description == "FAILED_PRECONDITION (client): trip is COMPLETE")

        let proxy = TripServiceError(
            httpStatus: 503, body: GoogleErrorBody.parse(Data("<html>down</html>".utf8)), retryAfter: .seconds(7))
        #expect(proxy.code == .unavailable)
        #expect(proxy.message == "HTTP 503")
        #expect(proxy.retryAfter == .seconds(7))
        #expect(proxy.errorClass == .recoverable)
    }

    @Test func errorBodiesRoundTripInGoogleShape() throws {
        let body = GoogleErrorBody(code: .permissionDenied, message: "token is for trip a, not b")
        let value = try JSONDecoder().decode(JSONValue.self, from: body.jsonData())
        #expect(
            value
                == .object([
                    "error": .object([
                        "code": .number(403), "message": .string("token is for trip a, not b"),
                        "status": .string("PERMISSION_DENIED"),
                    ])
                ]))
        #expect(GoogleErrorBody.parse(body.jsonData()) == body)
    }

    @Test func everyCodeHasAHintForAPerson() {
        for code in StatusCode.allCases {
            #expect(!TripServiceError(code: code, message: "").hint.isEmpty)
        }
        #expect(TripServiceError(code: .unauthenticated, message: "").hint.contains("token"))
        #expect(TripServiceError(code: .unavailable, message: "").hint.contains("retrying"))
    }
}
