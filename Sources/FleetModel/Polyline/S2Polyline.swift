/// The route-geometry codec of Fleet Engine: `Trip.currentRouteSegment`,
/// `TripWaypoint.encodedPathToWaypoint` and `Vehicle.currentRouteSegment` are base64url strings of an
/// `S2Polyline` encoding from Google's S2 geometry library — **not** Google encoded polylines, even
/// though both are strings of printable characters. Feeding one to `GooglePolyline.decode` yields
/// nonsense (or an error), so the fields must go through this type.
///
/// Two binary versions exist, both decoded here and both byte-compatible with the C++ S2 library
/// (`S2Polyline::Encode`/`Decode`, s2point_compression.cc) and its TypeScript port s2polyline-ts:
/// - version 1, lossless: `UInt32` vertex count and the unit vectors as little-endian doubles;
/// - version 2, compressed: every vertex snapped to the centre of an S2 cell at a snap level
///   (the Driver SDK uses level 22, about 2 m), stored as delta-coded cell coordinates, which
///   takes a few bytes per vertex.
///
/// Decoding treats the input as hostile: every malformed string throws `PolylineError` (with the
/// offset of the problem), and no count in the data can make it allocate more than the input size
/// justifies.
public enum S2Polyline {
    /// Version byte of the lossless encoding.
    static let losslessVersion: UInt8 = 1
    /// Version byte of the compressed (snapped) encoding.
    static let compressedVersion: UInt8 = 2

    // MARK: Decoding

    /// Decodes a Fleet Engine route string: base64url (padded or not; `+` and `/` are accepted too)
    /// of an S2 polyline encoding. The empty string — proto3's value for an unset field — decodes to
    /// no points.
    public static func decode(_ encoded: String) throws(PolylineError) -> [LatLng] {
        if encoded.isEmpty { return [] }
        return try decode(bytes: Base64URL.decode(encoded))
    }

    /// Decodes the binary S2 polyline encoding (version 1 or 2) into latitudes/longitudes in degrees.
    /// Trailing bytes after the polyline are ignored, as S2's decoder does.
    public static func decode(bytes: [UInt8]) throws(PolylineError) -> [LatLng] {
        var reader = ByteReader(bytes)
        let version = try reader.readUInt8(.version)
        let points: [S2Point]
        switch version {
        case losslessVersion:
            points = try decodeLossless(&reader)
        case compressedVersion:
            points = try decodeCompressed(&reader)
        default:
            throw reader.error(.unsupportedVersion(version), at: 0)
        }
        return points.map(\.latLng)
    }

    private static func decodeLossless(_ reader: inout ByteReader) throws(PolylineError) -> [S2Point] {
        let countStart = reader.offset
        let count = try reader.readUInt32(.vertexCount)
        guard UInt64(count) * 24 <= UInt64(reader.remaining) else {
            throw reader.error(.vertexCountTooLarge(UInt64(count)), at: countStart)
        }
        var points: [S2Point] = []
        points.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let start = reader.offset
            let point = try reader.readPoint(.vertex)
            guard point.isValidDirection else { throw reader.error(.invalidVertex(index: index), at: start) }
            points.append(point)
        }
        return points
    }

    private static func decodeCompressed(_ reader: inout ByteReader) throws(PolylineError) -> [S2Point] {
        let levelStart = reader.offset
        let level = try reader.readUInt8(.snapLevel)
        guard level <= S2Projection.maxCellLevel else {
            throw reader.error(.invalidSnapLevel(level), at: levelStart)
        }
        let countStart = reader.offset
        let count = try reader.readVarint32()
        // The smallest possible body: one face-run byte, the fixed-length first vertex, one byte per
        // further vertex, and the off-centre count byte.
        let minimumBytes: UInt64 =
            count == 0
            ? 1
            : 1 + UInt64(S2PointCompression.firstVertexByteCount(level: Int(level))) + UInt64(count - 1) + 1
        guard minimumBytes <= UInt64(reader.remaining) else {
            throw reader.error(.vertexCountTooLarge(UInt64(count)), at: countStart)
        }
        return try S2PointCompression.decode(count: Int(count), level: Int(level), from: &reader)
    }

    // MARK: Encoding

    /// Encodes points losslessly (version 1) as padded base64url. Decoding returns the same
    /// coordinates to within about 1e-14 degrees; the price is 24 bytes (32 characters) per point.
    public static func encodeLossless(_ points: [LatLng]) -> String {
        var writer = ByteWriter()
        writer.writeUInt8(losslessVersion)
        writer.writeUInt32(UInt32(truncatingIfNeeded: points.count))
        for latLng in points {
            writer.writePoint(S2Point(latLng))
        }
        return Base64URL.encode(writer.bytes)
    }

    /// Encodes points compressed (version 2) as padded base64url, the way Fleet Engine and the Driver
    /// SDK do: each point is snapped to the centre of the S2 cell of level `snapLevel` (0...30) that
    /// contains it, and the bytes are exactly those C++ S2 emits for those snapped points. Level 22
    /// cells are about 2 m across; every level halves the size. Non-finite coordinates do not trap
    /// but encode an arbitrary point.
    public static func encode(_ points: [LatLng], snapLevel: Int = 22) -> String {
        precondition((0...S2Projection.maxCellLevel).contains(snapLevel), "S2 snap level must be in 0...30")
        let shift = S2Projection.maxCellLevel - snapLevel
        let vertices = points.map { latLng in
            let point = S2Point(latLng)
            let face = S2Projection.face(of: point)
            let (u, v) = S2Projection.faceXYZToUV(face: face, point)
            let pi = Int32(S2Projection.stToIJ(S2Projection.uvToST(u)) >> shift)
            let qi = Int32(S2Projection.stToIJ(S2Projection.uvToST(v)) >> shift)
            // S2 recomputes the cell of each snapped point and stores any point that is not exactly
            // a cell centre verbatim; doing the same keeps the output identical to C++ S2's.
            return S2PointCompression.Vertex(S2Projection.cellCentre(face: face, pi: pi, qi: qi, level: snapLevel))
        }
        var writer = ByteWriter()
        writer.writeUInt8(compressedVersion)
        writer.writeUInt8(UInt8(snapLevel))
        writer.writeVarint(UInt64(vertices.count))
        S2PointCompression.encode(vertices, level: snapLevel, into: &writer)
        return Base64URL.encode(writer.bytes)
    }
}
