import FleetModel
import Foundation
import Testing

@testable import ProtoJSONKit

/// The tape must never accept a document `JSONDecoder` refuses, nor read a value differently.
@Suite struct JSONTapeTests {
    func parses(_ text: String) -> Bool {
        var tape = JSONTape()
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { tape.parse($0) }
    }

    func root<R>(_ text: String, _ body: (JSONTapeValue) throws -> R) throws -> R {
        var tape = JSONTape()
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { raw in
            let parsed = tape.parse(raw)
            try #require(parsed)
            return try tape.withRoot(in: raw, body)
        }
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "01", "-", "1.", ".5", "1e", "1e+", "+1",
        "0x10", "NaN", "Infinity", "tru", "nul", "\"abc", "\"a\u{01}b\"", "\"\\q\"", "\"\\u12\"", "\"\\uD800\"",
        "\"\\uDC00\"", "\"\\uD800\\u0041\"", "[1] 2", "{\"a\":1}}", "'a'", "[1 2]", "\u{FEFF}{}",
        String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
    ])
    func refusesWhatIsNotStrictJSON(_ text: String) {
        #expect(!parses(text), "accepted \(text.debugDescription)")
    }

    @Test func refusesInvalidUTF8() {
        var tape = JSONTape()
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]] {
            #expect(!bytes.withUnsafeBytes { tape.parse($0) })
        }
    }

    @Test(arguments: [
        "{}", "[]", "0", "-0", "1.5e-3", "1E+2", "\"\"", "true", "false", "null", " {\"a\" : [1, {\"b\": null}] } ",
        "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00\"", "\"Mónaco\"",
    ])
    func acceptsStrictJSON(_ text: String) {
        #expect(parses(text), "refused \(text.debugDescription)")
    }

    /// Strings are scanned sixteen bytes at a time: a special byte must be seen wherever it falls.
    @Test func longStringsAreCheckedAtEveryPosition() throws {
        for position in [0, 1, 15, 16, 17, 31, 32, 40] {
            func text(_ inserted: String) -> String {
                var characters = Array(String(repeating: "abcdefgh", count: 6))
                characters.insert(contentsOf: inserted, at: position)
                return "\"" + String(characters) + "\""
            }
            #expect(!parses(text("\u{01}")))
            #expect(!parses(text("\\q")))
            for inserted in ["\\n", "\\u00e9", "é", "\\\""] {
                let expected = try JSONDecoder().decode(String.self, from: Data(text(inserted).utf8))
                #expect(try root(text(inserted)) { $0.string() } == expected)
            }
            let key = text("_")
            #expect(throws: ProtoDirectDecodingMiss.self) { try root("{\(key):1}") { try $0.member("x") } }
        }
    }

    @Test func stringsReadAsJSONDecoderReadsThem() throws {
        for text in ["\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00x\"", "\"Mónaco 🚗\"", "\"plain\""] {
            let expected = try JSONDecoder().decode(String.self, from: Data(text.utf8))
            #expect(try root(text) { $0.string() } == expected)
        }
    }

    /// Doubles must come out bit for bit as Foundation reads them: short ones, 17-digit ones, exponents, extremes.
    @Test func numbersReadBitForBitAsJSONDecoderReadsThem() throws {
        var random = SplitMix64(seed: 42)
        var texts = [
            "0", "-0", "0.0", "-0.0", "43.7384176", "7.4246158", "-122.06790357828139", "0.30000000000000004",
            "9007199254740993", "1e22", "1e23", "123456789012345678901234567890", "2.2250738585072014e-308",
            "4.9e-324", "1.7976931348623157e308", "5e-324", "0.1", "-3.5", "1234567.0", "100E-2",
        ]
        for _ in 0..<2_000 {
            let double = Double(bitPattern: random.next())
            if double.isFinite { texts.append("\(double)") }
            texts.append("\(Double(Int64(bitPattern: random.next()) % 100_000_000) / 1e6)")
        }
        for text in texts {
            let expected = try JSONDecoder().decode(Double.self, from: Data(text.utf8))
            let read = try root(text) { $0.double() }
            #expect(read?.bitPattern == expected.bitPattern, "\(text): \(String(describing: read)) vs \(expected)")
        }
    }

    @Test func integersAreExactAndInRange() throws {
        #expect(try root("9223372036854775807") { $0.integer(Int64.self) } == .max)
        #expect(try root("-9223372036854775808") { $0.integer(Int64.self) } == .min)
        #expect(try root("9223372036854775808") { $0.integer(Int64.self) } == nil)
        #expect(try root("2147483648") { $0.integer(Int32.self) } == nil)
        #expect(try root("-0") { $0.integer(Int32.self) } == 0)
        #expect(try root("3.0") { $0.integer(Int32.self) } == nil)  // left to the general path
    }

    @Test func membersAreFoundByExactNameAndDuplicatesAreLeftToTheGeneralPath() throws {
        #expect(try root(#"{"a":1,"b":{"c":[1,2]},"d":true}"#) { try $0.member("d")?.bool() } == true)
        #expect(try root(#"{"b":1,"a":2}"#) { try $0.member("a")?.integer(Int32.self) } == 2)
        #expect(throws: ProtoDirectDecodingMiss.self) { try root(#"{"a":1,"a":2}"#) { try $0.member("a") } }
        #expect(throws: ProtoDirectDecodingMiss.self) {
            try root(#"{"trip_status":"NEW"}"#) { try $0.member("tripStatus") }
        }
        #expect(throws: ProtoDirectDecodingMiss.self) { try root(#"{"a\u0062":1}"#) { try $0.member("ab") } }
    }
}
