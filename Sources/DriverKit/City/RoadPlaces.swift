import FleetModel
import RoadMap

/// Random points on a road map's streets, every stretch of road equally likely per metre, so that a simulated city
/// is busiest where its streets are densest.
public struct RoadPlaces: Sendable {
    private let segments: [(LatLng, LatLng)]
    /// Running total of the segments' lengths, for picking by length.
    private let cumulative: [Double]

    public init(_ graph: RoadGraph) {
        var segments: [(LatLng, LatLng)] = []
        var cumulative: [Double] = []
        var total = 0.0
        for way in graph.map.ways {
            for (a, b) in zip(way.points, way.points.dropFirst()) {
                let length = Geo.distance(a, b)
                guard length > 0 else { continue }
                total += length
                segments.append((a, b))
                cumulative.append(total)
            }
        }
        self.segments = segments
        self.cumulative = cumulative
    }

    /// A point on some street.
    public func random(using generator: inout some RandomNumberGenerator) -> LatLng {
        guard let total = cumulative.last else { return LatLng(latitude: 0, longitude: 0) }
        let target = Double.random(in: 0..<total, using: &generator)
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] <= target { low = middle + 1 } else { high = middle }
        }
        let (a, b) = segments[low]
        return Geo.interpolate(a, b, fraction: Double.random(in: 0...1, using: &generator))
    }
}
