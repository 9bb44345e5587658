import Foundation
import Testing

@testable import FleetModel

@Suite("S2Polyline")
struct S2PolylineTests {
    /// Fleet Engine `currentRouteSegment`, compressed at level 22 (Driver SDK), padded base64url.
    private static let cupertino = "AhYFIoF_XZ6GAPV1plu2AYQNAA=="
    private static let cupertinoPoints = [
        LatLng(latitude: 37.3430830, longitude: -122.0697071),
        LatLng(latitude: 37.3442495, longitude: -122.0683310),
        LatLng(latitude: 37.3445779, longitude: -122.0681756),
        LatLng(latitude: 37.3448032, longitude: -122.0681756),
        LatLng(latitude: 37.3447898, longitude: -122.0679093),
    ]
    /// Compressed at level 26, unpadded.
    private static let berlin = "AhoGJjx2y008lAIA1rLcAaXivALU9BzoKYu8cgA"

    // MARK: Helpers

    private func decodeError(_ encoded: String) -> PolylineError? {
        do {
            _ = try S2Polyline.decode(encoded)
            return nil
        } catch {
            return error
        }
    }

    private func decodeError(bytes: [UInt8]) -> PolylineError? {
        do {
            _ = try S2Polyline.decode(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    private static func bytes(of encoded: String) throws -> [UInt8] {
        try Base64URL.decode(encoded)
    }

    private static func le(_ value: Double) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * $0)) }
    }

    private static func expectClose(
        _ a: LatLng, _ b: LatLng, within tolerance: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(abs(a.latitude - b.latitude) <= tolerance, "\(a) vs \(b)", sourceLocation: sourceLocation)
        // Longitude is meaningless at the poles and ±180 are the same meridian.
        if abs(b.latitude) < 89.999_999 {
            let delta = remainder(a.longitude - b.longitude, 360)
            #expect(abs(delta) <= tolerance, "\(a) vs \(b)", sourceLocation: sourceLocation)
        }
    }

    /// Angle in radians between two coordinates.
    private static func angle(_ a: LatLng, _ b: LatLng) -> Double {
        let p = S2Point(a), q = S2Point(b)
        let cross = S2Point(x: p.y * q.z - p.z * q.y, y: p.z * q.x - p.x * q.z, z: p.x * q.y - p.y * q.x)
        let sine = (cross.x * cross.x + cross.y * cross.y + cross.z * cross.z).squareRoot()
        return atan2(sine, p.x * q.x + p.y * q.y + p.z * q.z)
    }

    /// Random points spread over the sphere, plus points that stress the projection: every face
    /// centre, the poles, the antimeridian, cube corners and face edges.
    private static func testPoints(seed: UInt64, count: Int = 300) -> [LatLng] {
        let corner = atan(1 / 2.0.squareRoot()) * 180 / .pi  // 35.26°: where three faces meet.
        var points = [
            LatLng(latitude: 0, longitude: 0), LatLng(latitude: 0, longitude: 90),
            LatLng(latitude: 90, longitude: 0), LatLng(latitude: 0, longitude: 180),
            LatLng(latitude: 0, longitude: -90), LatLng(latitude: -90, longitude: 0),
            LatLng(latitude: 90, longitude: 123), LatLng(latitude: -90, longitude: -45),
            LatLng(latitude: 12.5, longitude: 180), LatLng(latitude: -33.9, longitude: -180),
            LatLng(latitude: 65, longitude: 179.999_999_9), LatLng(latitude: 65, longitude: -179.999_999_9),
            LatLng(latitude: corner, longitude: 45), LatLng(latitude: -corner, longitude: -135),
            LatLng(latitude: 0, longitude: 45), LatLng(latitude: 45, longitude: 0),
            LatLng(latitude: -45, longitude: 90), LatLng(latitude: 0, longitude: -135),
        ]
        var generator = PolylineTestGenerator(seed: seed)
        for _ in 0..<count {
            let z = Double.random(in: -1...1, using: &generator)
            points.append(
                LatLng(
                    latitude: asin(z) * 180 / .pi,
                    longitude: Double.random(in: -180..<180, using: &generator)
                ))
        }
        return points
    }

    // MARK: Fleet Engine vectors

    @Test func decodesLevel22Vector() throws {
        let points = try S2Polyline.decode(Self.cupertino)
        #expect(points.count == Self.cupertinoPoints.count)
        for (decoded, expected) in zip(points, Self.cupertinoPoints) {
            Self.expectClose(decoded, expected, within: 1e-6)
        }
    }

    @Test func decodesUnpaddedLevel26Vector() throws {
        let points = try S2Polyline.decode(Self.berlin)
        #expect(points.count == 6)
        Self.expectClose(try #require(points.first), LatLng(latitude: 52.5214359, longitude: 13.3860601), within: 1e-6)
        Self.expectClose(try #require(points.last), LatLng(latitude: 52.5204858, longitude: 13.3882236), within: 1e-6)
    }

    @Test func acceptsStandardAlphabetAndMissingPadding() throws {
        let expected = try S2Polyline.decode(Self.cupertino)
        let standard = Self.cupertino.replacingOccurrences(of: "_", with: "/")
        #expect(try S2Polyline.decode(standard) == expected)
        #expect(try S2Polyline.decode(String(Self.cupertino.dropLast(2))) == expected)
        #expect(try S2Polyline.decode(Self.berlin + "=") == S2Polyline.decode(Self.berlin))
    }

    @Test func reEncodesLevel22VectorByteExactly() throws {
        let points = try S2Polyline.decode(Self.cupertino)
        #expect(S2Polyline.encode(points, snapLevel: 22) == Self.cupertino)
        #expect(S2Polyline.encode(points) == Self.cupertino)
    }

    @Test func reEncodesLevel26VectorByteExactly() throws {
        let points = try S2Polyline.decode(Self.berlin)
        #expect(S2Polyline.encode(points, snapLevel: 26) == Self.berlin + "=")
    }

    // MARK: Round trips

    @Test func losslessRoundTrip() throws {
        let points = Self.testPoints(seed: 1)
        let encoded = S2Polyline.encodeLossless(points)
        #expect(try Self.bytes(of: encoded).count == 5 + 24 * points.count)
        let decoded = try S2Polyline.decode(encoded)
        #expect(decoded.count == points.count)
        for (result, original) in zip(decoded, points) {
            Self.expectClose(result, original, within: 1e-12)
        }
    }

    @Test(arguments: [0, 1, 7, 13, 16, 22, 26, 30])
    func compressedRoundTripWithinCellSize(level: Int) throws {
        let points = Self.testPoints(seed: 100 + UInt64(level))
        let encoded = S2Polyline.encode(points, snapLevel: level)
        let bytes = try Self.bytes(of: encoded)
        #expect(bytes[0] == 2 && bytes[1] == UInt8(level))
        #expect(bytes.last == 0, "every snapped vertex is a cell centre, so no off-centre points")
        let decoded = try S2Polyline.decode(encoded)
        #expect(decoded.count == points.count)
        // Maximum diagonal of a level-`level` cell (S2's kMaxDiag for the quadratic projection).
        let maxDiagonal = 2.438_654_594_434_021 * pow(2, -Double(level))
        for (result, original) in zip(decoded, points) {
            #expect(Self.angle(result, original) <= maxDiagonal, "\(original) → \(result)")
        }
        // Decoded points are cell centres: encoding them again gives the same bytes.
        #expect(S2Polyline.encode(decoded, snapLevel: level) == encoded)
    }

    @Test func compressedIsSmall() throws {
        let points = try S2Polyline.decode(Self.cupertino)
        #expect(try Self.bytes(of: S2Polyline.encode(points)).count == 19)
        #expect(try Self.bytes(of: S2Polyline.encodeLossless(points)).count == 125)
    }

    @Test func emptyPolylines() throws {
        #expect(S2Polyline.encode([]) == "AhYAAA==")
        #expect(S2Polyline.encodeLossless([]) == "AQAAAAA=")
        #expect(try S2Polyline.decode("AhYAAA==") == [])
        #expect(try S2Polyline.decode("AQAAAAA=") == [])
        #expect(try S2Polyline.decode(bytes: [2, 30, 0, 0]) == [])
        #expect(try S2Polyline.decode("") == [])
    }

    @Test func offCentreVertexReplacesSnappedVertex() throws {
        let exact = LatLng(latitude: 48.858_37, longitude: 2.294_481)
        let point = S2Point(exact)
        // Level 0, one vertex on face 0, then one off-centre vertex (index 0) stored verbatim.
        let bytes: [UInt8] = [2, 0, 1, 6, 1, 0] + Self.le(point.x) + Self.le(point.y) + Self.le(point.z)
        let decoded = try S2Polyline.decode(bytes: bytes)
        #expect(decoded.count == 1)
        Self.expectClose(decoded[0], exact, within: 1e-12)
    }

    @Test func everyFaceRunValueNamesAValidFace() throws {
        // The face is stored as `value % 6`, so a face above 5 cannot be expressed: each residue is a
        // face, decoding (at level 0, one vertex) to that face's centre.
        let centres = [
            LatLng(latitude: 0, longitude: 0), LatLng(latitude: 0, longitude: 90), LatLng(latitude: 90, longitude: 0),
            LatLng(latitude: 0, longitude: 180), LatLng(latitude: 0, longitude: -90),
            LatLng(latitude: -90, longitude: 0),
        ]
        for face in 0..<6 {
            let decoded = try S2Polyline.decode(bytes: [2, 0, 1, UInt8(6 + face), 0])
            #expect(decoded.count == 1)
            Self.expectClose(decoded[0], centres[face], within: 1e-12)
        }
    }

    // MARK: Internals against the C++ definitions

    @Test func nthDerivativeCoderRoundTripsWithWrapping() {
        var encoder = NthDerivativeCoder(order: 2)
        var decoder = NthDerivativeCoder(order: 2)
        let values: [Int32] = [5, 9, 20, .max, .min, -3, 0, 1_000_000, 1_000_001, 1_000_003]
        let encoded = values.map { encoder.encode($0) }
        #expect(encoded.prefix(3) == [5, 4, 7])  // value, first difference, then second differences
        #expect(encoded.map { decoder.decode($0) } == values)
    }

    @Test func zigZagAndInterleave() {
        #expect(S2PointCompression.zigZagEncode(0) == 0)
        #expect(S2PointCompression.zigZagEncode(-1) == 1)
        #expect(S2PointCompression.zigZagEncode(1) == 2)
        #expect(S2PointCompression.zigZagEncode(.min) == .max)
        for value: Int32 in [0, 1, -1, 12345, -98765, .max, .min] {
            #expect(S2PointCompression.zigZagDecode(S2PointCompression.zigZagEncode(value)) == value)
        }
        #expect(S2PointCompression.interleave(0b11, 0) == 0b0101)
        #expect(S2PointCompression.interleave(0, 0b11) == 0b1010)
        let (even, odd) = S2PointCompression.deinterleave(S2PointCompression.interleave(0xDEAD_BEEF, 0x1234_5678))
        #expect(even == 0xDEAD_BEEF && odd == 0x1234_5678)
    }

    @Test func projectionInversesAgree() {
        for u in stride(from: -1.0, through: 1.0, by: 0.125) {
            #expect(abs(S2Projection.stToUV(S2Projection.uvToST(u)) - u) < 1e-15)
        }
        for face in 0..<6 {
            let point = S2Projection.faceUVToXYZ(face: face, u: 0.25, v: -0.5)
            #expect(S2Projection.face(of: point) == face)
            let (u, v) = S2Projection.faceXYZToUV(face: face, point)
            #expect(u == 0.25 && v == -0.5)
        }
    }

    // MARK: Malformed input, one class at a time

    @Test func badBase64Throws() {
        #expect(decodeError("AhY!AA==") == PolylineError(.s2, .invalidBase64Character(UInt8(ascii: "!")), at: 3))
        #expect(decodeError("AhY AA==") == PolylineError(.s2, .invalidBase64Character(UInt8(ascii: " ")), at: 3))
        #expect(decodeError("AhYAA") == PolylineError(.s2, .invalidBase64Length, at: 5))
        #expect(decodeError("AhYAA===") == PolylineError(.s2, .invalidBase64Padding, at: 5))
        #expect(decodeError("AhYAAA=") == PolylineError(.s2, .invalidBase64Padding, at: 6))
        #expect(decodeError("Ah=YAA==") == PolylineError(.s2, .invalidBase64Padding, at: 2))
        #expect(decodeError("==") == PolylineError(.s2, .invalidBase64Padding, at: 0))
    }

    @Test func unknownVersionThrows() {
        #expect(decodeError(bytes: [3, 22, 0, 0]) == PolylineError(.s2, .unsupportedVersion(3), at: 0))
        #expect(decodeError(bytes: [0]) == PolylineError(.s2, .unsupportedVersion(0), at: 0))
        // Decoding a Google encoded polyline as S2 fails instead of producing garbage.
        #expect(decodeError("_p~iF~ps|U_ulLnnqC_mqNvxq`@") != nil)
    }

    @Test func snapLevelAbove30Throws() {
        #expect(decodeError(bytes: [2, 31, 0, 0]) == PolylineError(.s2, .invalidSnapLevel(31), at: 1))
        #expect(decodeError(bytes: [2, 255, 0, 0]) == PolylineError(.s2, .invalidSnapLevel(255), at: 1))
    }

    @Test func truncatedDataThrows() throws {
        #expect(decodeError(bytes: []) == PolylineError(.s2, .truncated(.version), at: 0))
        #expect(decodeError(bytes: [2]) == PolylineError(.s2, .truncated(.snapLevel), at: 1))
        #expect(decodeError(bytes: [1, 0, 0]) == PolylineError(.s2, .truncated(.vertexCount), at: 1))
        #expect(decodeError(bytes: [2, 22]) == PolylineError(.s2, .truncatedVarint, at: 2))
        // Face run padded to 8 bytes (a legal non-canonical varint) leaves no room for the first vertex.
        let paddedRun: [UInt8] = [0x86, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00]
        #expect(
            decodeError(bytes: [2, 22, 1] + paddedRun)
                == PolylineError(.s2, .truncated(.firstVertex), at: 11))
        // The off-centre count is missing from the real vector.
        let vector = try Self.bytes(of: Self.cupertino)
        let error = decodeError(bytes: Array(vector.dropLast()))
        #expect(error == PolylineError(.s2, .truncatedVarint, at: 18))
        // An off-centre point cut short.
        #expect(
            decodeError(bytes: [2, 0, 1, 6, 1, 0] + [UInt8](repeating: 0, count: 10))
                == PolylineError(.s2, .truncated(.offCentreVertex), at: 6))
        // A varint cut in the middle.
        #expect(decodeError(bytes: [2, 0, 2, 12, 0x80, 0x80]) == PolylineError(.s2, .truncatedVarint, at: 4))
    }

    @Test func varintTooLongThrows() {
        // Vertex count (varint32): six bytes.
        #expect(
            decodeError(bytes: [2, 22, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00])
                == PolylineError(.s2, .varintTooLong, at: 2))
        // Vertex count: five bytes whose value needs more than 32 bits.
        #expect(
            decodeError(bytes: [2, 22, 0xFF, 0xFF, 0xFF, 0xFF, 0x1F])
                == PolylineError(.s2, .varintOverflow(bits: 32), at: 2))
        // Face run (varint64): eleven bytes.
        let elevenBytes = [UInt8](repeating: 0x80, count: 10) + [0x00]
        #expect(
            decodeError(bytes: [2, 0, 1] + elevenBytes + [0])
                == PolylineError(.s2, .varintTooLong, at: 3))
        // Face run: ten bytes whose value needs 65 bits.
        let sixtyFiveBits = [UInt8](repeating: 0xFF, count: 9) + [0x02]
        #expect(
            decodeError(bytes: [2, 0, 1] + sixtyFiveBits + [0])
                == PolylineError(.s2, .varintOverflow(bits: 64), at: 3))
    }

    @Test func emptyFaceRunThrows() {
        #expect(decodeError(bytes: [2, 0, 1, 5, 0]) == PolylineError(.s2, .emptyFaceRun, at: 3))
    }

    @Test func faceRunsOvershootingTheVertexCountThrow() {
        // One vertex, but a run of two on face 0.
        #expect(
            decodeError(bytes: [2, 0, 1, 12, 0])
                == PolylineError(.s2, .faceRunsOvershoot(covered: 2, vertexCount: 1), at: 3))
        // Two vertices: a run of one, then a run of 2^60.
        var huge = ByteWriter()
        huge.writeVarint(6 << 60)
        #expect(
            decodeError(bytes: [2, 0, 2, 6] + huge.bytes + [0, 0])
                == PolylineError(.s2, .faceRunsOvershoot(covered: 1 + (1 << 60), vertexCount: 2), at: 4))
    }

    @Test func offCentreIndexOutOfRangeThrows() {
        let point = S2Point(x: 1, y: 0, z: 0)
        let xyz = Self.le(point.x) + Self.le(point.y) + Self.le(point.z)
        #expect(
            decodeError(bytes: [2, 0, 1, 6, 1, 1] + xyz)
                == PolylineError(.s2, .offCentreIndexOutOfRange(index: 1, vertexCount: 1), at: 5))
        #expect(
            decodeError(bytes: [2, 0, 1, 6, 2, 0] + xyz + [0] + xyz)
                == PolylineError(.s2, .tooManyOffCentreVertices(2), at: 4))
    }

    @Test func absurdVertexCountsThrowBeforeAllocating() {
        #expect(
            decodeError(bytes: [1, 0xFF, 0xFF, 0xFF, 0xFF])
                == PolylineError(.s2, .vertexCountTooLarge(0xFFFF_FFFF), at: 1))
        #expect(
            decodeError(bytes: [1, 2, 0, 0, 0] + [UInt8](repeating: 0, count: 47))
                == PolylineError(.s2, .vertexCountTooLarge(2), at: 1))
        #expect(
            decodeError(bytes: [2, 22, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x06, 0x00])
                == PolylineError(.s2, .vertexCountTooLarge(0xFFFF_FFFF), at: 2))
        // Level 22 needs six bytes for the first vertex alone.
        #expect(
            decodeError(bytes: [2, 22, 1, 6, 0, 0, 0, 0, 0, 0])
                == PolylineError(.s2, .vertexCountTooLarge(1), at: 2))
    }

    @Test func cellCoordinatesOffTheFaceThrow() {
        // Level 0 has a single cell per face; a second vertex one cell further along is off the face.
        let delta = UInt8(S2PointCompression.interleave(S2PointCompression.zigZagEncode(1), 0))
        #expect(
            decodeError(bytes: [2, 0, 2, 12, delta, 0])
                == PolylineError(.s2, .cellCoordinateOutOfRange(vertex: 1), at: 4))
    }

    @Test func nonFiniteOrZeroVerticesThrow() {
        let nan = Self.le(.nan) + Self.le(0) + Self.le(1)
        #expect(decodeError(bytes: [1, 1, 0, 0, 0] + nan) == PolylineError(.s2, .invalidVertex(index: 0), at: 5))
        let zero = Self.le(0) + Self.le(0) + Self.le(0)
        let one = Self.le(1) + Self.le(0) + Self.le(0)
        #expect(
            decodeError(bytes: [1, 2, 0, 0, 0] + one + zero) == PolylineError(.s2, .invalidVertex(index: 1), at: 29))
        #expect(decodeError(bytes: [2, 0, 1, 6, 1, 0] + zero) == PolylineError(.s2, .invalidVertex(index: 0), at: 6))
    }

    @Test func errorDescriptions() {
        #expect(PolylineError(.s2, .truncatedVarint, at: 7).description == "S2 polyline: truncated varint at byte 7")
        #expect(
            PolylineError(.s2, .invalidBase64Character(33), at: 3).description
                == "S2 polyline: invalid base64 character '!' at character 3")
        #expect(
            PolylineError(.s2, .truncated(.firstVertex), at: 11).description
                == "S2 polyline: truncated first vertex at byte 11")
    }

    @Test func randomGarbageNeverTraps() {
        var generator = PolylineTestGenerator(seed: 42)
        let valid = (try? Self.bytes(of: Self.cupertino)) ?? []
        for round in 0..<5000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                // Mutate a valid encoding.
                bytes = valid
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            } else {
                bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
                if !bytes.isEmpty { bytes[0] = UInt8.random(in: 1...2, using: &generator) }
            }
            _ = try? S2Polyline.decode(bytes: bytes)
        }
    }
}
