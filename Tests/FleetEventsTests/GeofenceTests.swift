import FleetEvents
import FleetModel
import Testing

/// Geofences as `serve --geofence` reads them: Traccar's WKT, latitude first, and every malformed definition
/// refused with a sentence saying what is wrong.
@Suite struct GeofenceTests {
    let casino = LatLng(latitude: 43.7394, longitude: 7.4276)
    let harbour = LatLng(latitude: 43.7350, longitude: 7.4210)

    @Test func aCircleHoldsWhatIsWithinItsRadius() throws {
        let fence = try Geofence(parsing: "casino=CIRCLE (43.7394 7.4276, 100)")
        #expect(fence.name == "casino")
        #expect(fence.contains(casino))
        #expect(fence.contains(LatLng(latitude: 43.7394 + 0.0008, longitude: 7.4276)))  // about 89 m north
        #expect(!fence.contains(LatLng(latitude: 43.7394 + 0.0010, longitude: 7.4276)))  // about 111 m north
        #expect(!fence.contains(harbour))
    }

    @Test func aPolygonHoldsItsInsideClosedOrNot() throws {
        for wkt in [
            "POLYGON ((43.730 7.41, 43.730 7.43, 43.737 7.43, 43.737 7.41))",
            "polygon((43.730 7.41,43.730 7.43,43.737 7.43,43.737 7.41,43.730 7.41))",
        ] {
            let fence = try Geofence(parsing: "port=\(wkt)")
            #expect(fence.contains(harbour), "\(wkt)")
            #expect(!fence.contains(casino), "\(wkt)")
        }
    }

    @Test func aLineStringIsACorridorOfItsWidth() throws {
        let road = try Geofence(parsing: "road=LINESTRING (43.7300 7.4200, 43.7300 7.4300)")
        #expect(road.contains(LatLng(latitude: 43.7301, longitude: 7.4250)))  // 11 m off
        #expect(!road.contains(LatLng(latitude: 43.7304, longitude: 7.4250)))  // 44 m off, over the default 25
        let wide = try Geofence(parsing: "road=LINESTRING (43.7300 7.4200, 43.7300 7.4300) 50")
        #expect(wide.contains(LatLng(latitude: 43.7304, longitude: 7.4250)))
        #expect(!wide.contains(LatLng(latitude: 43.7300, longitude: 7.4320)))  // beyond the end
    }

    @Test func malformedDefinitionsAreRefusedSayingWhy() {
        let cases: [(String, String)] = [
            ("depot", "is not NAME=WKT"),
            ("=CIRCLE (43.7 7.4, 10)", "a geofence's name"),
            ("a=SQUARE (1 2)", "expected CIRCLE, POLYGON or LINESTRING, found \"SQUARE\""),
            ("a=CIRCLE (43.7 7.4)", "expected ','"),
            ("a=CIRCLE (43.7 7.4, 0)", "radius must be above 0"),
            ("a=CIRCLE (7.4 243.7, 10)", "longitude 243.7 is outside"),
            ("a=CIRCLE (143.7 7.4, 10)", "latitude 143.7 at column"),
            ("a=CIRCLE (43.7 7.4, 10) extra", "unexpected 'e'"),
            ("a=POLYGON ((43.73 7.41, 43.73 7.43))", "at least 3 distinct vertices"),
            ("a=POLYGON ((0 0, 0 1, 1 1, 1 0), (0.2 0.2, 0.2 0.3, 0.3 0.3))", "holes"),
            ("a=POLYGON ((0 0, 1 1, 0 1, 1 0))", "POLYGON crosses itself"),
            ("a=POLYGON ((0 0, 0 2, 0 1, 1 1))", "POLYGON crosses itself"),
            ("a=LINESTRING (43.7 7.4)", "at least 2 points"),
            ("a=LINESTRING (43.7 7.4, 43.8 7.5) -3", "corridor width must be above 0"),
            ("a=POLYGON ((0 0, 0 1, 1 1", "expected ')'"),
        ]
        for (definition, expected) in cases {
            #expect(throws: GeofenceError.self, "\(definition)") { try Geofence(parsing: definition) }
            do {
                _ = try Geofence(parsing: definition)
            } catch {
                #expect(error.message.contains(expected), "\(definition): \(error.message)")
            }
        }
    }
}
