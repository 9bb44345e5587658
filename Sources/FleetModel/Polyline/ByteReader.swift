/// A bounds-checked little-endian cursor over the bytes of an S2 encoding, mirroring the subset of
/// S2's `Decoder` (util/coding/coder.h) that polylines use. Every read either succeeds or throws a
/// `PolylineError` carrying the offset at which the read started; nothing here can trap.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Bytes not yet consumed.
    var remaining: Int { bytes.count - offset }

    func error(_ reason: PolylineError.Reason, at position: Int? = nil) -> PolylineError {
        PolylineError(.s2, reason, at: position ?? offset)
    }

    mutating func readUInt8(_ field: PolylineError.Field) throws(PolylineError) -> UInt8 {
        guard remaining >= 1 else { throw error(.truncated(field)) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads `count` (0...8) bytes as a little-endian unsigned integer.
    mutating func readLittleEndian(byteCount count: Int, _ field: PolylineError.Field) throws(PolylineError) -> UInt64 {
        precondition((0...8).contains(count))
        guard remaining >= count else { throw error(.truncated(field)) }
        var value: UInt64 = 0
        for index in 0..<count {
            value |= UInt64(bytes[offset + index]) << (8 * index)
        }
        offset += count
        return value
    }

    mutating func readUInt32(_ field: PolylineError.Field) throws(PolylineError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readLittleEndian(byteCount: 4, field))
    }

    mutating func readFloat64(_ field: PolylineError.Field) throws(PolylineError) -> Double {
        Double(bitPattern: try readLittleEndian(byteCount: 8, field))
    }

    /// Reads an S2 point stored as three little-endian IEEE doubles (x, y, z).
    mutating func readPoint(_ field: PolylineError.Field) throws(PolylineError) -> S2Point {
        guard remaining >= 24 else { throw error(.truncated(field)) }
        let x = try readFloat64(field)
        let y = try readFloat64(field)
        let z = try readFloat64(field)
        return S2Point(x: x, y: y, z: z)
    }

    /// Reads a varint of at most 10 bytes whose value fits in 64 bits.
    mutating func readVarint64() throws(PolylineError) -> UInt64 {
        try readVarint(bits: 64)
    }

    /// Reads a varint of at most 5 bytes whose value fits in 32 bits.
    mutating func readVarint32() throws(PolylineError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readVarint(bits: 32))
    }

    private mutating func readVarint(bits: Int) throws(PolylineError) -> UInt64 {
        let start = offset
        let maxBytes = (bits + 6) / 7
        var value: UInt64 = 0
        var shift = 0
        var position = offset
        while true {
            guard position - start < maxBytes else { throw error(.varintTooLong, at: start) }
            guard position < bytes.count else { throw error(.truncatedVarint, at: start) }
            let byte = bytes[position]
            position += 1
            let payload = UInt64(byte & 0x7F)
            // Bits of the payload that land beyond the type's width make the value overflow.
            let room = bits - shift
            if room < 7, payload >> room != 0 {
                throw error(.varintOverflow(bits: bits), at: start)
            }
            value |= payload << shift
            shift += 7
            if byte & 0x80 == 0 { break }
        }
        offset = position
        return value
    }
}
