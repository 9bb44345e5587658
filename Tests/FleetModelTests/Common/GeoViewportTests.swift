import FleetModel
import Testing

/// `google.geo.type.Viewport` as ListVehicles reads it: a box from south-west to north-east, which crosses the 180th
/// meridian when its low longitude is east of its high one.
@Suite struct GeoViewportTests {
    @Test func aBoxHoldsWhatIsBetweenItsCorners() {
        let monaco = GeoViewport(
            low: LatLng(latitude: 43.72, longitude: 7.40), high: LatLng(latitude: 43.76, longitude: 7.44))
        #expect(monaco.contains(LatLng(latitude: 43.74, longitude: 7.42)))
        #expect(monaco.contains(LatLng(latitude: 43.72, longitude: 7.44)), "the edges belong to the box")
        #expect(!monaco.contains(LatLng(latitude: 43.77, longitude: 7.42)))
        #expect(!monaco.contains(LatLng(latitude: 43.74, longitude: 7.45)))
    }

    @Test func aBoxCanCrossTheAntimeridian() {
        let fiji = GeoViewport(
            low: LatLng(latitude: -20, longitude: 175), high: LatLng(latitude: -15, longitude: -178))
        #expect(fiji.contains(LatLng(latitude: -17, longitude: 178)))
        #expect(fiji.contains(LatLng(latitude: -17, longitude: -179)))
        #expect(!fiji.contains(LatLng(latitude: -17, longitude: 0)))
    }

    @Test func withoutBothCornersNothingIsInside() {
        #expect(!GeoViewport(low: LatLng(latitude: 0, longitude: 0)).contains(LatLng(latitude: 0, longitude: 0)))
    }
}
