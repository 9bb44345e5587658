import ProtoCodegen
import SwiftProtobuf
import Testing

/// What the generator refuses: a `.proto` shape FleetModel has no type for stops it with an error naming the field or
/// the call, rather than writing code that would not compile or would read the wrong JSON.
@Suite struct SchemaRefusalTests {
    /// The committed set, with `edit` applied to `maps/fleetengine/v1/trip_api.proto`.
    static func tripAPI(
        _ edit: (inout Google_Protobuf_FileDescriptorProto) -> Void
    ) throws -> Google_Protobuf_FileDescriptorSet {
        var set = try GeneratedCodeDriftTests.committedDescriptorSet()
        let index = try #require(set.file.firstIndex { $0.name == "maps/fleetengine/v1/trip_api.proto" })
        edit(&set.file[index])
        return set
    }

    /// The committed set with one more RPC in TripService: `name`, from `input` to `output` (full type names).
    static func withRPC(_ name: String, _ input: String, _ output: String) throws -> Google_Protobuf_FileDescriptorSet {
        try tripAPI { file in
            var method = Google_Protobuf_MethodDescriptorProto()
            (method.name, method.inputType, method.outputType) = (name, input, output)
            file.service[0].method.append(method)
        }
    }

    static func refusal(_ set: Google_Protobuf_FileDescriptorSet) -> String? {
        do {
            _ = try ProtoCodegen.generate(set)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func anRPCTakingAWellKnownTypeFleetModelLacksIsRefusedByName() throws {
        let set = try Self.withRPC("CountTrips", ".google.protobuf.Int32Value", ".google.protobuf.Empty")
        let refusal = try #require(Self.refusal(set))
        #expect(refusal.contains("maps.fleetengine.v1.TripService.CountTrips"))
        #expect(refusal.contains("google.protobuf.Int32Value has no FleetModel type yet"))
    }

    @Test func anRPCTakingAWellKnownTypeFleetModelHasIsGenerated() throws {
        let set = try Self.withRPC("Ping", ".google.protobuf.Empty", ".google.protobuf.Empty")
        let outputs = try ProtoCodegen.generate(set)
        let calls = try #require(outputs.first { $0.path.hasSuffix("FleetMethods+Calls.swift") })
        #expect(calls.contents.contains("public func ping(_ request: EmptyMessage, principal: Principal"))
        #expect(calls.contents.contains("async throws -> EmptyMessage {"))
    }

    @Test func aMapFieldIsRefusedByName() throws {
        let set = try Self.tripAPI { file in
            var key = Google_Protobuf_FieldDescriptorProto()
            (key.name, key.jsonName, key.number, key.label, key.type) = ("key", "key", 1, .optional, .string)
            var value = key
            (value.name, value.jsonName, value.number) = ("value", "value", 2)
            var entry = Google_Protobuf_DescriptorProto()
            entry.name = "LabelsEntry"
            entry.field = [key, value]
            entry.options.mapEntry = true
            var labels = Google_Protobuf_FieldDescriptorProto()
            (labels.name, labels.jsonName, labels.number) = ("labels", "labels", 1)
            (labels.label, labels.type) = (.repeated, .message)
            labels.typeName = ".maps.fleetengine.v1.Labelled.LabelsEntry"
            var message = Google_Protobuf_DescriptorProto()
            message.name = "Labelled"
            message.nestedType = [entry]
            message.field = [labels]
            file.messageType.append(message)
        }
        let refusal = try #require(Self.refusal(set))
        #expect(refusal.contains("maps.fleetengine.v1.Labelled.labels: map fields are not supported yet"))
    }
}
