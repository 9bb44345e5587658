import FleetModel
import Foundation

/// Seeded GPS error for a simulated drive: each fix moves by independent Gaussian offsets north and east.
public struct GPSNoise: Hashable, Sendable {
    /// Standard deviation of each offset, in metres.
    public var sigmaMeters: Double
    public var seed: UInt64

    public init(sigmaMeters: Double = 4, seed: UInt64 = 1) {
        self.sigmaMeters = sigmaMeters
        self.seed = seed
    }

    /// The accuracy radius reported with noisy fixes (about 2 σ, as phones report roughly 68–95 % radii).
    var accuracyMeters: Double { 2 * sigmaMeters }

    func displace(_ point: LatLng, using generator: inout SplitMix64) -> LatLng {
        let north = gaussian(&generator) * sigmaMeters, east = gaussian(&generator) * sigmaMeters
        let distance = (north * north + east * east).squareRoot()
        guard distance > 0 else { return point }
        let bearing = atan2(east, north) * 180 / .pi
        return Geo.destination(from: point, bearing: bearing < 0 ? bearing + 360 : bearing, distance: distance)
    }

    /// A standard normal sample (Box–Muller).
    private func gaussian(_ generator: inout SplitMix64) -> Double {
        let u1 = max(Double(generator.next() >> 11) / Double(1 << 53), .leastNonzeroMagnitude)
        let u2 = Double(generator.next() >> 11) / Double(1 << 53)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
