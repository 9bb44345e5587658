import Foundation
import Testing

@testable import ProtoJSONKit

/// Doubles written from integers (``ProtoJSONOutput/appendShortDecimal(_:to:)``) are spelled as `JSONEncoder`
/// spells them — Swift's shortest round-trip digits without a trailing `.0` — and every other double is left to that
/// spelling.
@Suite struct NumberSpellingTests {
    /// What `JSONEncoder` writes for `value`.
    static func encoderSpelling(_ value: Double) throws -> String {
        String(decoding: try JSONEncoder().encode([value]), as: UTF8.self).dropFirst().dropLast().description
    }

    static func written(_ value: Double) -> String {
        var out = ProtoJSONOutput()
        out.writeNumber(value)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test func edgesAndEverydayValuesAreSpelledAsTheEncoderSpellsThem() throws {
        let values: [Double] = [
            0, -0.0, 1, -1, 0.001, 0.0009999, -0.001, 0.1, 0.2, 0.1 + 0.2, 1.5, 43.7384, 7.4246, -122.4194155,
            37.7749295, 99_999_999.9999999, 100_000_000, 1e8 - 0.5, 1e-4, 1e-7, 123.45678901, 0.3333333,
            1.0 / 3, 2.5e-3, 86_400, 4_294_967_296.25, 12_345_678.1234567, 1e15, 1e16, .pi, -.pi, 359.99,
            Double(Float(43.7384)), 0.0010000001,
        ]
        for value in values {
            #expect(Self.written(value) == (try Self.encoderSpelling(value)), "\(value)")
        }
    }

    @Test func randomCoordinatesAndMagnitudesAreSpelledAsTheEncoderSpellsThem() throws {
        var generator = SystemRandomNumberGenerator()
        var mismatches: [String] = []
        for round in 0..<200_000 {
            let value: Double
            switch round % 4 {
            case 0:  // a coordinate with 1 to 9 decimals
                let places = Double(Int.random(in: 1...9, using: &generator))
                let raw = Double.random(in: -180...180, using: &generator)
                value = (raw * pow(10, places)).rounded() / pow(10, places)
            case 1:  // any magnitude
                value = Double.random(in: 1...2, using: &generator) * pow(10, Double(Int.random(in: -8...12)))
            case 2:  // a metre count or a speed
                value = Double(Int.random(in: 0...10_000_000, using: &generator)) / 100
            default:  // bit patterns near everyday values
                value = Double(bitPattern: (43.7384).bitPattern &+ UInt64.random(in: 0...1_000_000, using: &generator))
            }
            let expected = try Self.encoderSpelling(value)
            if Self.written(value) != expected, mismatches.count < 10 {
                mismatches.append("\(value): \(Self.written(value)) vs \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
