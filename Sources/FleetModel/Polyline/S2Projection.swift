/// The S2 cube-face projection (s2coords.h) with the quadratic ST⇄UV transform, as needed to turn
/// compressed S2 polyline vertices (face + cell coordinates) into points and back.
///
/// Coordinate systems, as in S2: (face, u, v) with u, v in [-1, 1] on the cube face; (s, t) in [0, 1]
/// after the area-equalising quadratic transform; (i, j) leaf-cell coordinates in [0, 2^30);
/// (si, ti) in [0, 2^31], twice the leaf resolution so that cell centres are integers; and (pi, qi),
/// the cell coordinates at a given level used by S2's point compression.
enum S2Projection {
    static let maxCellLevel = 30
    /// Number of leaf cells along a face edge (`S2::kLimitIJ`).
    static let limitIJ = 1 << 30
    /// Number of (si, ti) steps along a face edge (`S2::kMaxSiTi`).
    static let maxSiTi: UInt64 = 1 << 31

    static func stToUV(_ s: Double) -> Double {
        if s >= 0.5 {
            return (1 / 3.0) * (4 * s * s - 1)
        } else {
            return (1 / 3.0) * (1 - 4 * (1 - s) * (1 - s))
        }
    }

    static func uvToST(_ u: Double) -> Double {
        if u >= 0 {
            return 0.5 * (1 + 3 * u).squareRoot()
        } else {
            return 1 - 0.5 * (1 - 3 * u).squareRoot()
        }
    }

    /// The (not normalised) point for face coordinates; `face` must be in 0...5.
    static func faceUVToXYZ(face: Int, u: Double, v: Double) -> S2Point {
        switch face {
        case 0: S2Point(x: 1, y: u, z: v)
        case 1: S2Point(x: -u, y: 1, z: v)
        case 2: S2Point(x: -u, y: -v, z: 1)
        case 3: S2Point(x: -1, y: -v, z: -u)
        case 4: S2Point(x: v, y: -1, z: -u)
        default: S2Point(x: v, y: u, z: -1)
        }
    }

    /// The cube face a point projects onto: the axis of its largest absolute component
    /// (ties resolved as `Vector3::LargestAbsComponent` does), plus 3 when that component is negative.
    static func face(of p: S2Point) -> Int {
        let ax = abs(p.x), ay = abs(p.y), az = abs(p.z)
        let axis = ax > ay ? (ax > az ? 0 : 2) : (ay > az ? 1 : 2)
        let component = axis == 0 ? p.x : (axis == 1 ? p.y : p.z)
        return component < 0 ? axis + 3 : axis
    }

    /// (u, v) of a point on the given face (`S2::ValidFaceXYZtoUV`).
    static func faceXYZToUV(face: Int, _ p: S2Point) -> (u: Double, v: Double) {
        switch face {
        case 0: (p.y / p.x, p.z / p.x)
        case 1: (-p.x / p.y, p.z / p.y)
        case 2: (-p.x / p.z, -p.y / p.z)
        case 3: (p.z / p.x, p.y / p.x)
        case 4: (p.z / p.y, -p.x / p.y)
        default: (-p.y / p.z, -p.x / p.z)
        }
    }

    /// Leaf-cell coordinate for `s` (`S2CellId::STtoIJ`), clamped to the face; NaN maps to 0.
    static func stToIJ(_ s: Double) -> Int {
        let value = (Double(limitIJ) * s - 0.5).rounded()
        guard value >= 0 else { return 0 }
        return value >= Double(limitIJ - 1) ? limitIJ - 1 : Int(value)
    }

    /// (si, ti) coordinate for `s` (`S2::STtoSiTi`), clamped to [0, 2^31]; NaN maps to 0.
    static func stToSiTi(_ s: Double) -> UInt64 {
        let value = (s * Double(maxSiTi)).rounded()
        guard value >= 0 else { return 0 }
        return value >= Double(maxSiTi) ? maxSiTi : UInt64(value)
    }

    /// The centre of the level-`level` cell with coordinates (pi, qi) on `face` (`FacePiQitoXYZ` in
    /// s2point_compression.cc). Out-of-range coordinates give points beyond the face's edges.
    static func cellCentre(face: Int, pi: Int32, qi: Int32, level: Int) -> S2Point {
        let cells = Double(1 << level)
        let s = (Double(pi) + 0.5) / cells
        let t = (Double(qi) + 0.5) / cells
        return faceUVToXYZ(face: face, u: stToUV(s), v: stToUV(t)).normalized
    }

    /// Face, (si, ti), and the level of the cell whose centre `p` is exactly (or -1 if it is not a
    /// cell centre), as `S2::XYZtoFaceSiTi` computes them.
    static func faceSiTi(of p: S2Point) -> (face: Int, si: UInt64, ti: UInt64, level: Int) {
        let cubeFace = face(of: p)
        let (u, v) = faceXYZToUV(face: cubeFace, p)
        let si = stToSiTi(uvToST(u))
        let ti = stToSiTi(uvToST(v))
        let level = maxCellLevel - (si | maxSiTi).trailingZeroBitCount
        guard level >= 0, level == maxCellLevel - (ti | maxSiTi).trailingZeroBitCount else {
            return (cubeFace, si, ti, -1)
        }
        let scale = 1 / Double(maxSiTi)
        let centre = faceUVToXYZ(
            face: cubeFace, u: stToUV(scale * Double(si)), v: stToUV(scale * Double(ti))
        ).normalized
        return (cubeFace, si, ti, p == centre ? level : -1)
    }
}
