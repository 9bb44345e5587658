import Testing

@testable import ProtoJSONKit

/// A tape value printed as written: members in the document's order, numbers and strings (escapes included) spelt as
/// in the text, two spaces a level.
@Suite struct JSONTapePrettyTests {
    @Test func membersKeepTheirOrderAndValuesTheirSpelling() throws {
        let text =
            #"{"z": 1.50, "a": [1e-5, -0, "caf\u00e9 \"x\""], "m": {"t": true, "f": false, "n": null}, "e": {}, "l": []}"#
        var tape = JSONTape()
        let bytes = Array(text.utf8)
        let lines = try bytes.withUnsafeBytes { raw in
            let parsed = tape.parse(raw)
            try #require(parsed)
            return tape.withRoot(in: raw) { $0.prettyLines() }
        }
        #expect(
            lines == [
                "{",
                #"  "z": 1.50,"#,
                #"  "a": ["#,
                "    1e-5,",
                "    -0,",
                #"    "caf\u00e9 \"x\"""#,
                "  ],",
                #"  "m": {"#,
                #"    "t": true,"#,
                #"    "f": false,"#,
                #"    "n": null"#,
                "  },",
                #"  "e": {},"#,
                #"  "l": []"#,
                "}",
            ])
    }

    @Test func aScalarIsOneLine() throws {
        var tape = JSONTape()
        let bytes = Array("  42 ".utf8)
        let lines = try bytes.withUnsafeBytes { raw in
            let parsed = tape.parse(raw)
            try #require(parsed)
            return tape.withRoot(in: raw) { $0.prettyLines() }
        }
        #expect(lines == ["42"])
    }
}
