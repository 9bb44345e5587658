import FleetModel
import Testing

@testable import FleetServer

/// The grid's answers against a scan of every vehicle: the index must never lose or invent a candidate.
@Suite struct VehicleSearchScaleTests {
    typealias F = SearchFleet

    /// `count` vehicles spread uniformly over a square `halfSide` metres either side of `centre`.
    static func fleet(_ count: Int, around centre: LatLng, halfSide: Double, seed: UInt64) -> [Vehicle] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let north = Double.random(in: -halfSide...halfSide, using: &random)
            let east = Double.random(in: -halfSide...halfSide, using: &random)
            let point = Geo.destination(
                from: Geo.destination(from: centre, bearing: 0, distance: north), bearing: 90, distance: east)
            return F.vehicle(String(format: "v%05d", i), at: point)
        }
    }

    @Test func tenThousandVehiclesGiveTheNearestOnes() throws {
        let vehicles = Self.fleet(10_000, around: F.pickup, halfSide: 4_000, seed: 21)
        let search = VehicleSearch(vehicles: vehicles, trips: [])
        for (radius, count) in [(Int32(400), Int32(50)), (1_000, 50), (10_000, 7)] {
            let response = try search.search(F.request(count: count, radius: radius), now: F.now, roads: nil)
            let distances: [(name: String, meters: Double)] = vehicles.map { v in
                (v.name, Geo.distance(v.lastLocation!.location!, F.pickup))
            }
            let inside = distances.filter { $0.meters <= Double(radius) }
            let sorted = inside.sorted { a, b in a.meters != b.meters ? a.meters < b.meters : a.name < b.name }
            let expected = sorted.prefix(Int(count)).map { $0.name }
            #expect(response.matches.map(\.vehicle!.name) == Array(expected), "radius \(radius)")
            #expect(response.matches.count == min(Int(count), expected.count))
        }
    }

    @Test(arguments: [
        LatLng(latitude: 0.001, longitude: 0.001), LatLng(latitude: -33.86, longitude: 151.2),
        LatLng(latitude: 69.65, longitude: 18.96), LatLng(latitude: 89.99, longitude: 10),
    ])
    func theGridFindsExactlyThePointsWithinTheRadiusAnywhere(centre: LatLng) {
        let points = Self.fleet(3_000, around: centre, halfSide: 3_000, seed: 7).map { $0.lastLocation!.location! }
        let grid = VehicleGrid(points: points)
        for radius in [400.0, 1_234, 10_000] {
            let found = Set(grid.within(radius, of: centre).map(\.slot))
            let expected = Set(points.indices.filter { Geo.distance(points[$0], centre) <= radius }.map { Int32($0) })
            #expect(found == expected, "radius \(radius) at \(centre)")
        }
    }

    @Test func movingAndRemovingKeepsTheGridExact() {
        var points = Self.fleet(500, around: F.pickup, halfSide: 2_000, seed: 3).map { $0.lastLocation!.location }
        var grid = VehicleGrid(points: points)
        var random = SplitMix64(seed: 9)
        for step in 0..<2_000 {
            let slot = Int.random(in: 0..<points.count, using: &random)
            let point: LatLng? =
                step % 10 == 0 ? nil : F.point(Double.random(in: 0...2_500, using: &random), bearing: Double(step))
            points[slot] = point
            grid.move(Int32(slot), to: point)
        }
        let found = Set(grid.within(1_500, of: F.pickup).map(\.slot))
        let expected = Set(
            points.indices.filter { points[$0].map { Geo.distance($0, F.pickup) <= 1_500 } ?? false }.map { Int32($0) })
        #expect(found == expected)
    }
}
