import FleetEngineProto
import FleetModel
import Foundation
import SwiftProtobuf
import TestSupport
import Testing

/// A field declared in Protos/ reaches every form a message takes, with no code but the generated: for each
/// generated message, a value with every field set crosses proto3 JSON (what REST bodies, stored rows and trip files
/// are), the protobuf conversions (what gRPC carries) and swift-protobuf's own JSON, and comes back equal.
@Suite struct OneSchemaTests {
    static let messages = ProtoJSON.generatedMessages.keys.sorted()

    @Test func everyMessageOfTheSchemaIsGenerated() {
        #expect(Self.messages.count >= 40)
        #expect(Self.messages.contains("maps.fleetengine.v1.Trip"))
        #expect(Self.messages.contains("maps.fleetengine.v1.Vehicle.VehicleType"))
    }

    @Test(arguments: messages)
    func everyFieldCrossesJSONAndProtobuf(_ name: String) throws {
        guard let convertible = ProtoJSON.generatedMessages[name] as? any (ProtoMessage & ProtobufConvertible).Type
        else {
            Issue.record("\(name) has no protobuf conversion")
            return
        }
        try Self.check(convertible)
    }

    static func check<M: ProtoMessage & ProtobufConvertible>(_ type: M.Type) throws {
        let sample = try SchemaSample.value(M.self)
        // REST and trip files: proto3 JSON, read strictly (a member no field takes would fail).
        let json = try ProtoJSON.encode(sample)
        #expect(try ProtoJSON.decode(M.self, from: json, options: .strict) == sample, "\(M.self) through JSON")
        // gRPC: the generated conversions, through the binary form.
        let bytes: Data = try sample.protobuf.serializedData()
        let message = try M.Protobuf(serializedBytes: bytes)
        #expect(try M(protobuf: message) == sample, "\(M.self) through protobuf")
        // Both spell the same message: swift-protobuf's own JSON of the converted message reads as the sample.
        let theirs = try message.jsonUTF8Data()
        #expect(try ProtoJSON.decode(M.self, from: theirs, options: .strict) == sample, "\(M.self) in their JSON")
    }

    /// The conversions refuse what the strict JSON reader refuses, naming the field the same way.
    @Test func anUnknownEnumNumberIsRefusedByItsPath() throws {
        var request = Maps_Fleetengine_V1_CreateTripRequest()
        request.trip.intermediateDestinations = [Maps_Fleetengine_V1_TerminalLocation(), .init()]
        request.trip.intermediateDestinations[1].terminalLocationType = .UNRECOGNIZED(42)
        #expect(
            throws: ProtoJSONError(
                path: "trip.intermediateDestinations[1].terminalLocationType", message: "unknown WaypointType value 42")
        ) { try CreateTripRequest(protobuf: request) }
    }

    @Test func aTimestampOutsideProto3sRangeIsRefused() throws {
        var trip = Maps_Fleetengine_V1_Trip()
        trip.pickupTime = Google_Protobuf_Timestamp(seconds: 253_402_300_800, nanos: 0)
        let error = try #require(throws: ProtoJSONError.self) { try Trip(protobuf: trip) }
        #expect(error.path == "pickupTime")
        #expect(error.message.contains("outside years 0001–9999"))
        trip.pickupTime = Google_Protobuf_Timestamp(seconds: 0, nanos: -1)
        #expect(throws: ProtoJSONError.self) { try Trip(protobuf: trip) }
    }

    /// A FieldMask path crosses as snake_case in protobuf and lowerCamelCase in FleetModel; a path that would not come
    /// back as sent (not snake_case) is refused naming the field, as Google's converters refuse it.
    @Test func aFieldMaskPathMustBeSnakeCaseInProtobuf() throws {
        var request = Maps_Fleetengine_V1_UpdateTripRequest()
        request.updateMask = Google_Protobuf_FieldMask(protoPaths: ["trip_status", "last_location.location"])
        let accepted = try UpdateTripRequest(protobuf: request)
        #expect(accepted.updateMask?.paths == ["tripStatus", "lastLocation.location"])
        #expect(accepted.protobuf == request)
        for path in ["tripStatus", "trip__status", "triOptional"] {
            request.updateMask = Google_Protobuf_FieldMask(protoPaths: [path])
            let error = try #require(throws: ProtoJSONError.self) { try UpdateTripRequest(protobuf: request) }
            #expect(error.path == "updateMask" && error.message.contains("'\(path)' is not a field path"))
        }
    }

    @Test func aOneofKeepsItsMemberBothWays() throws {
        var attribute = VehicleAttribute(key: "seats", vehicleAttributeValue: .numberValue(0))
        #expect(attribute.protobuf.numberValue == 0)
        #expect(attribute.protobuf.vehicleAttributeValue == .numberValue(0))
        #expect(try VehicleAttribute(protobuf: attribute.protobuf) == attribute)
        attribute.vehicleAttributeValue = nil
        #expect(attribute.protobuf.vehicleAttributeValue == nil)
        #expect(
            try ProtoJSON.encodeString(VehicleAttribute(key: "k", vehicleAttributeValue: .stringValue("")))
                == #"{"key":"k","stringValue":""}"#)
    }

    /// proto3 JSON allows one member of a oneof: a payload with two is refused, naming them.
    @Test func twoMembersOfAOneofAreRefused() {
        let text = #"{"key":"k","stringValue":"a","boolValue":true}"#
        #expect(throws: ProtoJSONError.self) { try ProtoJSON.decode(VehicleAttribute.self, from: text) }
        let error = try? ProtoJSON.decode(VehicleAttribute.self, from: text)
        #expect(error == nil)
    }
}
