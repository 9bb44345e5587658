/// S2's compressed point-list codec (`S2EncodePointsCompressed` / `S2DecodePointsCompressed` in
/// s2point_compression.cc), the body of a version-2 S2 polyline encoding.
///
/// Layout: run-length encoded cube faces (varint64 `6 * count + face`), then each vertex's (pi, qi)
/// cell coordinates at the snap level passed through two second-order `NthDerivativeCoder`s — the
/// first vertex as a fixed-length little-endian bit-interleaved integer, later vertices as a varint64
/// of the bit-interleaved zigzag-encoded differences — then a varint32 count of "off-centre"
/// vertices, each a varint32 index followed by the exact point as three little-endian doubles.
enum S2PointCompression {
    /// Derivative order of the (pi, qi) coders (`kDerivativeEncodingOrder`).
    static let derivativeOrder = 2

    /// A vertex ready for compression, as `S2XYZFaceSiTi`.
    struct Vertex: Equatable, Sendable {
        var point: S2Point
        var face: Int
        var si: UInt64
        var ti: UInt64
        /// The level of the cell this point is exactly the centre of, or -1.
        var cellLevel: Int

        init(_ point: S2Point) {
            let projected = S2Projection.faceSiTi(of: point)
            self.point = point
            self.face = projected.face
            self.si = projected.si
            self.ti = projected.ti
            self.cellLevel = projected.level
        }
    }

    /// Bytes used by the first vertex at `level` (`(level + 7) / 8 * 2`).
    static func firstVertexByteCount(level: Int) -> Int {
        (level + 7) / 8 * 2
    }

    // MARK: Encoding

    static func encode(_ vertices: [Vertex], level: Int, into writer: inout ByteWriter) {
        // Face runs.
        var runFace = -1
        var runCount: UInt64 = 0
        for vertex in vertices {
            if vertex.face == runFace {
                runCount += 1
            } else {
                if runCount > 0 { writer.writeVarint(6 * runCount + UInt64(runFace)) }
                runFace = vertex.face
                runCount = 1
            }
        }
        if runCount > 0 { writer.writeVarint(6 * runCount + UInt64(runFace)) }

        // Cell coordinates.
        var piCoder = NthDerivativeCoder(order: derivativeOrder)
        var qiCoder = NthDerivativeCoder(order: derivativeOrder)
        for (index, vertex) in vertices.enumerated() {
            let pi = piCoder.encode(piQi(vertex.si, level: level))
            let qi = qiCoder.encode(piQi(vertex.ti, level: level))
            if index == 0 {
                let interleaved = interleave(UInt32(bitPattern: pi), UInt32(bitPattern: qi))
                writer.writeLittleEndian(interleaved, byteCount: firstVertexByteCount(level: level))
            } else {
                writer.writeVarint(interleave(zigZagEncode(pi), zigZagEncode(qi)))
            }
        }

        // Vertices that are not the centre of a cell at `level`, stored exactly.
        let offCentre = vertices.indices.filter { vertices[$0].cellLevel != level }
        writer.writeVarint(UInt64(offCentre.count))
        for index in offCentre {
            writer.writeVarint(UInt64(index))
            writer.writePoint(vertices[index].point)
        }
    }

    /// (si, ti) to (pi, qi) at `level` (`SiTitoPiQi`).
    private static func piQi(_ siTi: UInt64, level: Int) -> Int32 {
        Int32(truncatingIfNeeded: min(siTi, S2Projection.maxSiTi - 1) >> (S2Projection.maxCellLevel + 1 - level))
    }

    // MARK: Decoding

    /// Decodes `count` points at `level` (0...30). The caller has already checked that `count` is
    /// plausible for the remaining data, so reserving `count` points is bounded by the input size.
    static func decode(count: Int, level: Int, from reader: inout ByteReader) throws(PolylineError) -> [S2Point] {
        // Face runs; each consumes at least one byte, so this loop is bounded by the input size.
        var runs: [(face: Int, count: UInt64)] = []
        var covered: UInt64 = 0
        while covered < UInt64(count) {
            let start = reader.offset
            let value = try reader.readVarint64()
            let run = (face: Int(value % 6), count: value / 6)
            guard run.count > 0 else { throw reader.error(.emptyFaceRun, at: start) }
            covered += run.count  // covered < 2^32 and run.count < 2^62: cannot overflow.
            guard covered <= UInt64(count) else {
                throw reader.error(.faceRunsOvershoot(covered: covered, vertexCount: count), at: start)
            }
            runs.append(run)
        }

        var points: [S2Point] = []
        points.reserveCapacity(count)
        var piCoder = NthDerivativeCoder(order: derivativeOrder)
        var qiCoder = NthDerivativeCoder(order: derivativeOrder)
        var runIndex = 0
        var usedInRun: UInt64 = 0
        let cellsPerEdge = Int64(1) << level
        for index in 0..<count {
            let start = reader.offset
            let pi: Int32
            let qi: Int32
            if index == 0 {
                let raw = try reader.readLittleEndian(byteCount: firstVertexByteCount(level: level), .firstVertex)
                let (p, q) = deinterleave(raw)
                pi = piCoder.decode(Int32(bitPattern: p))
                qi = qiCoder.decode(Int32(bitPattern: q))
            } else {
                let (p, q) = deinterleave(try reader.readVarint64())
                pi = piCoder.decode(zigZagDecode(p))
                qi = qiCoder.decode(zigZagDecode(q))
            }
            // A genuine encoder never produces coordinates off the face (S2 clamps them).
            guard (0..<cellsPerEdge).contains(Int64(pi)), (0..<cellsPerEdge).contains(Int64(qi)) else {
                throw reader.error(.cellCoordinateOutOfRange(vertex: index), at: start)
            }
            if usedInRun == runs[runIndex].count {
                runIndex += 1
                usedInRun = 0
            }
            usedInRun += 1
            points.append(S2Projection.cellCentre(face: runs[runIndex].face, pi: pi, qi: qi, level: level))
        }

        let countStart = reader.offset
        let offCentreCount = try reader.readVarint32()
        guard offCentreCount <= count else {
            throw reader.error(.tooManyOffCentreVertices(offCentreCount), at: countStart)
        }
        for _ in 0..<offCentreCount {
            let start = reader.offset
            let index = try reader.readVarint32()
            guard index < count else {
                throw reader.error(.offCentreIndexOutOfRange(index: index, vertexCount: count), at: start)
            }
            let pointStart = reader.offset
            let point = try reader.readPoint(.offCentreVertex)
            guard point.isValidDirection else {
                throw reader.error(.invalidVertex(index: Int(index)), at: pointStart)
            }
            points[Int(index)] = point
        }
        return points
    }

    // MARK: Bit twiddling (util/bits/bit-interleave.h, util/coding/transforms.h)

    static func zigZagEncode(_ value: Int32) -> UInt32 {
        UInt32(bitPattern: (value &<< 1) ^ (value >> 31))
    }

    static func zigZagDecode(_ value: UInt32) -> Int32 {
        Int32(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    /// Interleaves two 32-bit values: bits of `even` at even positions, bits of `odd` at odd ones.
    static func interleave(_ even: UInt32, _ odd: UInt32) -> UInt64 {
        spread(even) | (spread(odd) << 1)
    }

    static func deinterleave(_ value: UInt64) -> (even: UInt32, odd: UInt32) {
        (compact(value), compact(value >> 1))
    }

    private static func spread(_ value: UInt32) -> UInt64 {
        var x = UInt64(value)
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        x = (x | (x << 2)) & 0x3333_3333_3333_3333
        x = (x | (x << 1)) & 0x5555_5555_5555_5555
        return x
    }

    private static func compact(_ value: UInt64) -> UInt32 {
        var x = value & 0x5555_5555_5555_5555
        x = (x | (x >> 1)) & 0x3333_3333_3333_3333
        x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F
        x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF
        x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x >> 16)) & 0x0000_0000_FFFF_FFFF
        return UInt32(x)
    }
}
