/// A little-endian byte sink mirroring the subset of S2's `Encoder` (util/coding/coder.h) that
/// polylines use: fixed-width integers, IEEE doubles and LEB128 varints.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func writeUInt8(_ value: UInt8) {
        bytes.append(value)
    }

    /// Writes the low `count` (0...8) bytes of `value`, least significant first.
    mutating func writeLittleEndian(_ value: UInt64, byteCount count: Int) {
        for index in 0..<count {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index)))
        }
    }

    mutating func writeUInt32(_ value: UInt32) {
        writeLittleEndian(UInt64(value), byteCount: 4)
    }

    mutating func writeFloat64(_ value: Double) {
        writeLittleEndian(value.bitPattern, byteCount: 8)
    }

    mutating func writePoint(_ point: S2Point) {
        writeFloat64(point.x)
        writeFloat64(point.y)
        writeFloat64(point.z)
    }

    mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
