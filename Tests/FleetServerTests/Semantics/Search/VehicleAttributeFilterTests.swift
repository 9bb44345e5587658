import FleetModel
import Testing

@testable import FleetServer

@Suite struct VehicleAttributeFilterTests {
    let attributes = [
        VehicleAttribute(key: "zone", value: "north"),
        VehicleAttribute(key: "seats", vehicleAttributeValue: .numberValue(4)),
        VehicleAttribute(key: "pets", vehicleAttributeValue: .boolValue(true)),
        VehicleAttribute(key: "colour", vehicleAttributeValue: .stringValue("blue")),
    ]

    func matches(_ filter: String) throws -> Bool { try VehicleAttributeFilter(parsing: filter).matches(attributes) }

    @Test func comparesAttributesAsStrings() throws {
        #expect(try matches(#"attributes.zone = "north""#))
        #expect(try !matches(#"attributes.zone = "south""#))
        #expect(try matches(#"attributes.seats = "4""#))
        #expect(try matches(#"attributes.pets = "true""#))
        #expect(try matches(#"attributes.zone != "south""#))
        #expect(try matches(#"attributes.colour < "green""#) && matches(#"attributes.colour <= "blue""#))
        #expect(try matches(#"attributes.colour > "azure""#) && matches(#"attributes.colour >= "blue""#))
        // Strings, not numbers: "4" sorts after "10".
        #expect(try matches(#"attributes.seats > "10""#))
        #expect(try matches(#"attributes.zone = 'north'"#) && matches(#"attributes.zone = "nor\th""#))
    }

    @Test func aMissingAttributeSatisfiesNoComparisonButItsNegationHolds() throws {
        #expect(try !matches(#"attributes.wheelchair = "yes""#))
        #expect(try !matches(#"attributes.wheelchair != "yes""#))
        #expect(try matches(#"NOT attributes.wheelchair = "yes""#))
        #expect(try matches(#"-attributes.wheelchair = "yes""#))
    }

    @Test func orBindsTighterThanAnd() throws {
        // zone = south AND (seats = 4 OR pets = true): false; as (south AND 4) OR true it would be true.
        #expect(try !matches(#"attributes.zone = "south" AND attributes.seats = "4" OR attributes.pets = "true""#))
        #expect(try matches(#"(attributes.zone = "south" AND attributes.seats = "4") OR attributes.pets = "true""#))
        #expect(
            try matches(#"attributes.zone = "north" AND NOT (attributes.pets = "false" OR attributes.seats = "2")"#))
        #expect(try matches("  attributes.zone=\"north\"AND attributes.colour=\"blue\"  "))
    }

    @Test(arguments: [
        (
            "",
            #"filter: at position 1 (the end of the filter): expected a restriction such as attributes.key = "value""#
        ),
        (
            #"zone = "north""#,
            #"filter: at position 1 ('z'): expected attributes.KEY: only vehicle attributes can be filtered on, not "zone""#
        ),
        ("attributes = 1", #"filter: at position 11 (' '): expected '.' and an attribute key after "attributes""#),
        (#"attributes. = "x""#, #"filter: at position 12 (' '): expected an attribute key after "attributes.""#),
        (
            #"attributes.zone : "x""#,
            "filter: at position 17 (':'): expected a comparator (=, !=, <, >, <=, >=) after attributes.zone"
        ),
        (
            "attributes.seats = 4",
            #"filter: at position 20 ('4'): expected a quoted string value, found 4: attributes are compared as strings, so write "4""#
        ),
        (
            "attributes.pets = true",
            #"filter: at position 19 ('t'): expected a quoted string value, found true: attributes are compared as strings, so write "true""#
        ),
        (
            "attributes.zone =",
            "filter: at position 18 (the end of the filter): expected a quoted string value after '='"
        ),
        (#"attributes.zone = "north"#, #"filter: at position 19 ('"'): the string opened here is not closed"#),
        (
            #"(attributes.zone = "a""#,
            "filter: at position 23 (the end of the filter): expected ')' to close the '(' or AND/OR"
        ),
        (
            #"attributes.a = "1" attributes.b = "2""#,
            "filter: at position 20 ('a'): expected AND, OR or the end of the filter"
        ),
        (
            #"attributes.a = "1" and attributes.b = "2""#,
            "filter: at position 20 ('a'): expected AND, OR or the end of the filter"
        ),
        (
            #"attributes.a = "1" AND"#,
            #"filter: at position 23 (the end of the filter): expected a restriction such as attributes.key = "value""#
        ),
    ])
    func invalidFiltersNameThePositionAndWhatWasExpected(filter: String, message: String) {
        #expect(throws: FleetError.invalidArgument(message)) { try VehicleAttributeFilter(parsing: filter) }
    }

    @Test func atMostFiftyRestrictions() throws {
        let fifty = (0..<50).map { #"attributes.k\#($0) = "v""# }.joined(separator: " OR ")
        _ = try VehicleAttributeFilter(parsing: fifty)
        let error = #expect(throws: FleetError.self) {
            try VehicleAttributeFilter(parsing: fifty + #" OR attributes.k50 = "v""#)
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("more than 50 restrictions") == true)
    }
}
