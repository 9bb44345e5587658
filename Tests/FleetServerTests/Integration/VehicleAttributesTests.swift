import FleetModel
import FleetServer
import Foundation
import TestSupport
import Testing

/// UpdateVehicleAttributes over REST on loopback: attributes merged by key into the stored vehicle, the whole list
/// answered, checked as UpdateVehicle checks them, and only for a server token.
@Suite struct VehicleAttributesTests {
    static let path = "/v1/providers/p/vehicles/v1:updateAttributes"

    static func attributes(_ response: TestResponse) throws -> [VehicleAttribute] {
        try ProtoJSON.decode(UpdateVehicleAttributesResponse.self, from: response.body, options: .strict).attributes
    }

    @Test func attributesAreMergedByKeyAndTheWholeListIsAnswered() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            let token = try await server.serverToken()
            let first = try await server.request(
                .POST, Self.path, token: token,
                body: #"{"attributes":[{"key":"zone","stringValue":"north"},{"key":"child_seat","boolValue":true}]}"#)
            #expect(first.status == 200, "\(first.body)")
            let second = try await server.request(
                .POST, Self.path, token: token,
                body: #"{"attributes":[{"key":"zone","stringValue":"south"},{"key":"rating","numberValue":4.5}]}"#)
            #expect(second.status == 200, "\(second.body)")
            let merged = try Self.attributes(second)
            #expect(merged.map(\.key) == ["zone", "child_seat", "rating"])
            #expect(merged.first?.vehicleAttributeValue == .stringValue("south"))
            let stored = try await server.request(.GET, "/v1/providers/p/vehicles/v1", token: token).vehicle()
            #expect(stored.attributes == merged)
        }
    }

    @Test func badAttributesAreRefusedNamingTheFieldAndChangeNothing() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            let token = try await server.serverToken()
            let cases: [(String, String)] = [
                (#"{}"#, "attributes is required"),
                (#"{"attributes":[{"key":"a:b","stringValue":"x"}]}"#, "attributes[0].key"),
                (#"{"attributes":[{"key":"a","value":"x"},{"key":"a","value":"y"}]}"#, "attributes[1].key"),
                (#"{"attributes":[{"key":"a","value":"x","stringValue":"y"}]}"#, "attributes[0]"),
                (#"{"attributes":[{"key":"a","colour":"red"}]}"#, "attributes[0].colour"),
            ]
            for (body, field) in cases {
                let response = try await server.request(.POST, Self.path, token: token, body: body)
                response.expectError(400, "INVALID_ARGUMENT")
                #expect(response.body.contains(field), "\(body): \(response.body)")
            }
            let many = (0..<101).map { #"{"key":"k\#($0)","stringValue":"v"}"# }.joined(separator: ",")
            let tooMany = try await server.request(.POST, Self.path, token: token, body: #"{"attributes":[\#(many)]}"#)
            tooMany.expectError(400, "INVALID_ARGUMENT")
            #expect(tooMany.body.contains("at most 100"))
            let stored = try await server.request(.GET, "/v1/providers/p/vehicles/v1", token: token).vehicle()
            #expect(stored.attributes.isEmpty)
        }
    }

    @Test func onlyAServerTokenMayCallItAndTheVehicleMustExist() async throws {
        try await withTestServer { server in
            try await server.createVehicle("v1")
            let body = #"{"attributes":[{"key":"zone","stringValue":"north"}]}"#
            let driver = try await server.token(AuthorizationClaims(vehicleid: "v1"))
            try await server.request(.POST, Self.path, token: driver, body: body).expectError(403, "PERMISSION_DENIED")
            let rider = try await server.token(AuthorizationClaims(tripid: "t1"))
            try await server.request(.POST, Self.path, token: rider, body: body).expectError(403, "PERMISSION_DENIED")
            try await server.request(.POST, Self.path, token: nil, body: body).expectError(401, "UNAUTHENTICATED")
            let token = try await server.serverToken()
            try await server.request(
                .POST, "/v1/providers/p/vehicles/v9:updateAttributes", token: token, body: body
            ).expectError(404, "NOT_FOUND")
            try await server.request(.GET, Self.path, token: token).expectError(405, "UNIMPLEMENTED")
        }
    }
}
