import Testing

@testable import FleetModel

@Suite("GooglePolyline")
struct GooglePolylineTests {
    private static let officialPoints = [
        LatLng(latitude: 38.5, longitude: -120.2),
        LatLng(latitude: 40.7, longitude: -120.95),
        LatLng(latitude: 43.252, longitude: -126.453),
    ]
    private static let officialString = "_p~iF~ps|U_ulLnnqC_mqNvxq`@"

    private func decodeError(_ encoded: String, precision: Int = 5) -> PolylineError? {
        do {
            _ = try GooglePolyline.decode(encoded, precision: precision)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Official vectors

    @Test func singleValueEncodesToOfficialChunks() throws {
        // Google's worked example encodes the single value -179.9832104 as "`~oia@"; as a latitude
        // followed by a zero longitude ("?") it is the first value of a one-point polyline.
        let encoded = GooglePolyline.encode([LatLng(latitude: -179.9832104, longitude: 0)])
        #expect(encoded == "`~oia@" + "?")
        let decoded = try GooglePolyline.decode(encoded)
        #expect(decoded == [LatLng(latitude: -179.98321, longitude: 0)])
    }

    @Test func officialThreePointsEncode() {
        #expect(GooglePolyline.encode(Self.officialPoints) == Self.officialString)
    }

    @Test func officialThreePointsDecode() throws {
        #expect(try GooglePolyline.decode(Self.officialString) == Self.officialPoints)
    }

    @Test func zeroAndOneDegree() throws {
        let points = try GooglePolyline.decode("??_ibE_ibE")
        #expect(points == [LatLng(latitude: 0, longitude: 0), LatLng(latitude: 1, longitude: 1)])
        #expect(GooglePolyline.encode(points) == "??_ibE_ibE")
    }

    // MARK: Round trips

    @Test func emptyPolyline() throws {
        #expect(GooglePolyline.encode([]) == "")
        #expect(try GooglePolyline.decode("") == [])
    }

    @Test(arguments: [0, 5, 6, 7])
    func randomRoundTripWithinHalfAUnit(precision: Int) throws {
        var generator = PolylineTestGenerator(seed: 0x5EED_0000 + UInt64(precision))
        var points: [LatLng] = [
            LatLng(latitude: 90, longitude: 180),
            LatLng(latitude: -90, longitude: -180),
            LatLng(latitude: 0, longitude: 0),
        ]
        for _ in 0..<500 {
            points.append(
                LatLng(
                    latitude: Double.random(in: -90...90, using: &generator),
                    longitude: Double.random(in: -180...180, using: &generator)
                ))
        }
        let encoded = GooglePolyline.encode(points, precision: precision)
        let decoded = try GooglePolyline.decode(encoded, precision: precision)
        #expect(decoded.count == points.count)
        var unit = 1.0
        for _ in 0..<precision { unit /= 10 }
        for (original, result) in zip(points, decoded) {
            #expect(abs(original.latitude - result.latitude) <= unit / 2 * 1.000001)
            #expect(abs(original.longitude - result.longitude) <= unit / 2 * 1.000001)
        }
        // Decoded values are exactly representable at the precision, so re-encoding is stable.
        #expect(GooglePolyline.encode(decoded, precision: precision) == encoded)
    }

    @Test func roundingDoesNotAccumulate() throws {
        // Each absolute value is rounded, so many tiny steps never drift.
        let points = (0..<1000).map { LatLng(latitude: Double($0) * 0.000004, longitude: 0) }
        let decoded = try GooglePolyline.decode(GooglePolyline.encode(points))
        #expect(abs(decoded.last!.latitude - 0.004) < 1e-9)
    }

    @Test func nonFiniteCoordinatesEncodeAsZero() throws {
        let encoded = GooglePolyline.encode([LatLng(latitude: .nan, longitude: .infinity)])
        #expect(encoded == "??")
    }

    // MARK: Malformed input

    @Test func characterOutsideAlphabetThrows() {
        #expect(decodeError("_p~iF ps|U") == PolylineError(.google, .invalidCharacter(32), at: 5))
        #expect(decodeError("_p~iF\u{7F}") == PolylineError(.google, .invalidCharacter(0x7F), at: 5))
        #expect(decodeError("??é") == PolylineError(.google, .invalidCharacter(0xC3), at: 2))
    }

    @Test func truncatedFinalChunkThrows() {
        // "_" (95 - 63 = 32) still has the continuation bit set when the string ends.
        #expect(decodeError("_p~iF~ps|U_") == PolylineError(.google, .truncatedValue, at: 10))
        #expect(decodeError("_p~iF~ps|U_ulLnnqC_mqNvxq`") == PolylineError(.google, .truncatedValue, at: 22))
    }

    @Test func oddNumberOfValuesThrows() {
        #expect(decodeError("_p~iF") == PolylineError(.google, .oddValueCount, at: 5))
        #expect(decodeError("_p~iF~ps|U_ulL") == PolylineError(.google, .oddValueCount, at: 14))
    }

    @Test func valueOverflowThrows() {
        // Twelve full chunks hold 60 bits; a 13th chunk of 16 ("O") would need a 65th bit.
        let tooWide = String(repeating: "~", count: 12) + "O" + "?"
        #expect(decodeError("??" + tooWide) == PolylineError(.google, .overflow, at: 2))
        let tooLong = String(repeating: "~", count: 14) + "?"
        #expect(decodeError(tooLong) == PolylineError(.google, .overflow, at: 0))
    }

    @Test func runningCoordinateOverflowThrows() {
        // Two latitude deltas of 2^62 overflow Int64 when summed.
        let big = Self.encodeZigZag(UInt64(1) << 63)
        let encoded = big + "?" + big + "?"
        #expect(decodeError(encoded) == PolylineError(.google, .overflow, at: big.utf8.count * 2 + 1))
    }

    @Test func invalidPrecisionThrows() {
        #expect(decodeError("??", precision: -1) == PolylineError(.google, .invalidPrecision(-1), at: 0))
        #expect(decodeError("??", precision: 16) == PolylineError(.google, .invalidPrecision(16), at: 0))
    }

    @Test func errorDescription() {
        let error = PolylineError(.google, .truncatedValue, at: 10)
        #expect(error.description == "Google polyline: truncated value at character 10")
    }

    /// Chunks an already zigzag-folded value the way the format does.
    private static func encodeZigZag(_ folded: UInt64) -> String {
        var value = folded
        var output: [UInt8] = []
        while value >= 0x20 {
            output.append(UInt8((value & 0x1F) | 0x20) + 63)
            value >>= 5
        }
        output.append(UInt8(value) + 63)
        return String(decoding: output, as: UTF8.self)
    }
}
