import Testing

@testable import CommandProfiles

@Suite struct ClosestNameTests {
    static let keys = ["backend", "interval", "token-url", "token-file", "no-color", "marker"]

    @Test func typosFindTheirKey() {
        #expect(closestName(to: "intervall", among: Self.keys) == "interval")
        #expect(closestName(to: "backnd", among: Self.keys) == "backend")
        #expect(closestName(to: "token_url", among: Self.keys) == "token-url")
        #expect(closestName(to: "color", among: Self.keys) == "no-color", "a part of the key")
        #expect(closestName(to: "speed", among: Self.keys) == nil)
    }

    @Test func distanceCountsEdits() {
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("same", "same") == 0)
    }
}
