import Testing

@testable import RoadMap

@Suite("OSM tag parsing")
struct TagParsingTests {
    @Test(arguments: [
        ("50", 50.0), ("50 km/h", 50), ("50km/h", 50), ("30 kmh", 30), ("90 kph", 90), (" 70 ", 70),
        ("30 mph", 48.28032), ("20mph", 32.18688), ("10 knots", 18.52), ("walk", 7), ("50;30", 50), ("7.5", 7.5),
    ])
    func numericMaxSpeeds(value: String, kmh: Double) throws {
        let parsed = try #require(MaxSpeedTag.kilometresPerHour(value))
        #expect(abs(parsed - kmh) < 1e-9)
    }

    @Test(arguments: ["none", "signals", "variable", "FR:urban", "RU:living_street", "", "fast", "-30", "0", "mph"])
    func nonNumericMaxSpeedsFallBackToTheClassSpeed(value: String) {
        #expect(MaxSpeedTag.kilometresPerHour(value) == nil)
    }

    @Test(arguments: [
        ("yes", OneWayTag.forward), ("1", .forward), ("true", .forward), ("YES", .forward), ("reversible", .forward),
        ("-1", .backward), ("reverse", .backward), ("no", .bothWays), ("false", .bothWays), ("0", .bothWays),
        ("alternating", .bothWays),
    ])
    func explicitOneWayValues(value: String, expected: OneWayTag) {
        #expect(OneWayTag(oneway: value, highway: "residential", junction: nil) == expected)
    }

    @Test func oneWayIsImpliedOnMotorwaysAndRoundaboutsUnlessTaggedNo() {
        #expect(OneWayTag(oneway: nil, highway: "motorway", junction: nil) == .forward)
        #expect(OneWayTag(oneway: nil, highway: "primary", junction: "roundabout") == .forward)
        #expect(OneWayTag(oneway: nil, highway: "primary", junction: "circular") == .forward)
        #expect(OneWayTag(oneway: "no", highway: "motorway", junction: nil) == .bothWays)
        #expect(OneWayTag(oneway: nil, highway: "motorway_link", junction: nil) == .bothWays)
        #expect(OneWayTag(oneway: nil, highway: "primary", junction: nil) == .bothWays)
    }

    @Test func drivableHighwaysHaveClassesAndRanks() throws {
        for value in [
            "motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential",
            "living_street", "service", "road", "motorway_link", "primary_link",
        ] {
            let roadClass = try #require(RoadClass(highway: value))
            #expect(roadClass.highwayValue == value)
        }
        for value in ["footway", "cycleway", "path", "steps", "pedestrian", "track", "construction", "bus_stop"] {
            #expect(RoadClass(highway: value) == nil)
        }
        #expect(RoadClass.motorway.rank > RoadClass.primary.rank)
        #expect(RoadClass.primary.rank > RoadClass.residential.rank)
        #expect(RoadClass.residential.rank > RoadClass.service.rank)
        #expect(RoadClass.primaryLink.rank == RoadClass.primary.rank && RoadClass.primaryLink.isLink)
    }
}
