import Testing
import TripFollowing

/// The counts the status bar, the headless printer and the command summaries print.
@Suite struct SummaryTests {
    @Test func aCountAgreesWithItsNoun() {
        #expect(Summary.count(0, "update") == "0 updates")
        #expect(Summary.count(1, "update") == "1 update")
        #expect(Summary.count(2, "update") == "2 updates")
        #expect(Summary.count(1, "entry", plural: "entries") == "1 entry")
        #expect(Summary.count(3, "entry", plural: "entries") == "3 entries")
    }
}
