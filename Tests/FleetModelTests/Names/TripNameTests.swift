import Foundation
import Testing

@testable import FleetModel

@Suite("Trip names")
struct TripNameTests {
    @Test func parsesAValidName() throws {
        let name = try TripName(parsing: "providers/my-project/trips/trip-42")
        #expect(name.provider == "my-project")
        #expect(name.tripID == "trip-42")
        #expect(name.description == "providers/my-project/trips/trip-42")
        #expect(name.parent == "providers/my-project")
        #expect(name == (try TripName(provider: "my-project", tripID: "trip-42")))
        #expect(TripName("providers/my-project/trips/trip-42") == name)
        #expect(TripName("nope") == nil)
    }

    @Test(arguments: [
        "", "trip-42", "providers", "providers/p", "providers/p/trips",
        "providers/p/trips/t/x", "providers/p/trips/t/", "/providers/p/trips/t",
        "provider/p/trips/t", "Providers/p/trips/t", "providers/p/trip/t", "projects/p/trips/t",
    ])
    func rejectsMalformedNames(text: String) {
        #expect(throws: NameError.self) { try TripName(parsing: text) }
        do {
            _ = try TripName(parsing: text)
        } catch {
            #expect(error.field == .tripName)
            #expect(error.input == text)
            #expect(error.reason.hasPrefix("must look like providers/{provider}/trips/{trip}"))
        }
    }

    @Test func malformedNameMessage() {
        #expect(
            throws: NameError(
                input: "providers/p/trip/t", field: .tripName,
                reason: "must look like providers/{provider}/trips/{trip}",
                expectedFormat: "providers/{provider}/trips/{trip}"
            )
        ) { try TripName(parsing: "providers/p/trip/t") }
        let error = NameError(
            input: "providers/p/trip/t", field: .tripName,
            reason: "must look like providers/{provider}/trips/{trip}",
            expectedFormat: "providers/{provider}/trips/{trip}"
        )
        #expect(
            error.description
                == #"invalid trip name "providers/p/trip/t": must look like providers/{provider}/trips/{trip}"#)
    }

    @Test func trailingSlashGetsAHint() {
        do {
            _ = try TripName(parsing: "providers/p/trips/t/")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason.hasSuffix("(remove the trailing '/')"))
        }
    }

    @Test func emptySegments() {
        #expect(
            throws: NameError(
                input: "", field: .providerID, reason: "is empty",
                expectedFormat: "providers/{provider}/trips/{trip}", name: "providers//trips/x"
            )
        ) { try TripName(parsing: "providers//trips/x") }
        #expect(
            throws: NameError(
                input: "", field: .tripID, reason: "is empty",
                expectedFormat: "providers/{provider}/trips/{trip}", name: "providers/p/trips/"
            )
        ) { try TripName(parsing: "providers/p/trips/") }
    }

    @Test func badIDsInsideANameMentionTheNameAndFormat() {
        do {
            _ = try TripName(parsing: "providers/p/trips/a:b")
            Issue.record("expected an error")
        } catch {
            #expect(error.field == .tripID)
            #expect(error.input == "a:b")
            #expect(error.reason == "contains ':'")
            #expect(
                error.description == #"invalid trip id "a:b" in "providers/p/trips/a:b": contains ':'"#
                    + " (expected providers/{provider}/trips/{trip})")
        }
    }

    @Test func idValidationInTheMemberwiseInit() {
        let long = String(repeating: "x", count: 70)
        #expect(
            throws: NameError(
                input: long, field: .tripID, reason: "longer than 64 characters (70)",
                expectedFormat: "providers/{provider}/trips/{trip}"
            )
        ) { try TripName(provider: "p", tripID: long) }
        #expect(throws: NameError.self) { try TripName(provider: "p/q", tripID: "t") }
        #expect(throws: NameError.self) { try TripName(provider: "p", tripID: "e\u{0301}") }
        #expect((try? TripName(provider: "p", tripID: "\u{E9}")) != nil)
    }

    @Test func nfdMessageShowsTheCombiningMark() {
        do {
            _ = try TripName(provider: "p", tripID: "e\u{0301}")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == "is not NFC-normalised")
            #expect(error.description.contains(#""e\u{301}""#))
        }
    }

    @Test func vehicleNameIsRejectedWithAHint() {
        do {
            _ = try TripName(parsing: "providers/p/vehicles/v1")
            Issue.record("expected an error")
        } catch {
            #expect(error.field == .tripName)
            #expect(
                error.description == #"invalid trip name "providers/p/vehicles/v1": "#
                    + "must look like providers/{provider}/trips/{trip} (this is a vehicle name)")
        }
    }

    @Test func codableAsAPlainJSONString() throws {
        let name = try TripName(parsing: "providers/p/trips/t-1")
        let data = try JSONEncoder().encode([name])
        #expect(String(decoding: data, as: UTF8.self) == #"["providers\/p\/trips\/t-1"]"#)
        #expect(try JSONDecoder().decode([TripName].self, from: data) == [name])
        let bad = Data(#"["providers/p/vehicles/v"]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([TripName].self, from: bad) }
    }

    @Test func hashable() throws {
        let set: Set = [
            try TripName(parsing: "providers/p/trips/t"),
            try TripName(provider: "p", tripID: "t"),
            try TripName(provider: "q", tripID: "t"),
        ]
        #expect(set.count == 2)
    }
}
