import Testing

@testable import FleetModel

@Suite("Resource ids")
struct ResourceIDTests {
    @Test(arguments: ["trip-1", "a", "Trip_42.x", "café", "東京-1", "with space", "e\u{E9}"])
    func validIDs(id: String) {
        #expect(ResourceID.problem(withID: id) == nil)
        #expect(ResourceID.isValid(id))
    }

    @Test(arguments: ["/", ":", "?", ",", "#"])
    func forbiddenCharacters(character: String) {
        #expect(ResourceID.problem(withID: "a\(character)b") == "contains '\(character)'")
        #expect(ResourceID.problem(withProviderID: "p\(character)") == "contains '\(character)'")
    }

    @Test func lengthCountsUnicodeScalars() {
        #expect(ResourceID.problem(withID: String(repeating: "a", count: 64)) == nil)
        #expect(
            ResourceID.problem(withID: String(repeating: "a", count: 65))
                == "longer than 64 characters (65)")
        #expect(ResourceID.problem(withID: String(repeating: "é", count: 64)) == nil)
        // One Character ("🇫🇷") but two scalars each: 33 flags are 66 scalars.
        #expect(
            ResourceID.problem(withID: String(repeating: "🇫🇷", count: 33))
                == "longer than 64 characters (66)")
    }

    @Test func nfdIsRejectedAndNFCAccepted() {
        let nfd = "caf" + "e\u{0301}"
        let nfc = "caf\u{E9}"
        #expect(nfd == nfc)  // String equality is canonical equivalence…
        #expect(!ResourceID.isNFC(nfd))  // …so the check must compare scalars.
        #expect(ResourceID.problem(withID: nfd) == "is not NFC-normalised")
        #expect(ResourceID.isNFC(nfc))
        #expect(ResourceID.problem(withID: nfc) == nil)
        #expect(!ResourceID.isNFC("\u{212B}"))  // ANGSTROM SIGN → Å (singleton decomposition)
        #expect(!ResourceID.isNFC("\u{1100}\u{1161}"))  // Hangul jamo → 가
        #expect(ResourceID.isNFC("\u{AC00}"))
    }

    @Test func emptyControlAndWhitespace() {
        #expect(ResourceID.problem(withID: "") == "is empty")
        #expect(ResourceID.problem(withProviderID: "") == "is empty")
        #expect(ResourceID.problem(withID: "a\tb") == "contains a control character (U+0009)")
        #expect(ResourceID.problem(withID: "a\u{7F}") == "contains a control character (U+007F)")
        #expect(ResourceID.problem(withID: "   ") == "is only whitespace")
        #expect(ResourceID.problem(withID: "\u{3000}") == "is only whitespace")
    }

    @Test func providerIDsHaveNoLengthLimit() {
        #expect(ResourceID.problem(withProviderID: String(repeating: "p", count: 100)) == nil)
        #expect(ResourceID.problem(withProviderID: "my-project-123") == nil)
    }
}
