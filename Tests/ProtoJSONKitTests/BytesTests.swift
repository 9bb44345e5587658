import Foundation
import Testing

@testable import ProtoJSONKit

/// A `bytes` field in proto3 JSON: written as standard base64 with padding, read in either alphabet with or without
/// padding, anything else refused.
@Suite struct BytesTests {
    static let bytes = Data([0xFB, 0xFF, 0xBF, 0x00, 0x01])

    @Test(arguments: ["+/+/AAE=", "+/+/AAE", "-_-_AAE=", "-_-_AAE"])
    func eitherAlphabetReadsPaddedOrNot(text: String) throws {
        #expect(Data(protoBase64: text) == Self.bytes)
        let decoded = try JSONDecoder().decode(ProtoFieldBox<Data>.self, from: Data("\"\(text)\"".utf8))
        #expect(decoded.value == Self.bytes)
    }

    @Test func writtenInTheStandardAlphabetWithPaddingByBothWriters() throws {
        var out = ProtoJSONOutput(options: .init())
        try Self.bytes.writeProtoJSON(to: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == #""+/+/AAE=""#)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let encoded = try encoder.encode(ProtoFieldBox(Self.bytes))
        #expect(String(decoding: encoded, as: UTF8.self) == #""+/+/AAE=""#)
        #expect(Data().isProtoDefault && !Self.bytes.isProtoDefault)
    }

    @Test(arguments: ["a", "ab$c", "abcde", "AAE=AAE="])
    func anythingElseIsRefused(text: String) {
        #expect(Data(protoBase64: text) == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProtoFieldBox<Data>.self, from: Data("\"\(text)\"".utf8))
        }
    }
}
