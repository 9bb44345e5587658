/// Appends the road-map file's primitives: little-endian integers and LEB128 varints (zigzag for signed values).
struct RoadMapByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func writeBytes(_ data: some Sequence<UInt8>) { bytes.append(contentsOf: data) }

    mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }

    mutating func writeLittleEndian(_ value: UInt64, byteCount: Int) {
        for index in 0..<byteCount { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func writeSignedVarint(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func writeString(_ text: String) {
        let utf8 = Array(text.utf8)
        writeVarint(UInt64(utf8.count))
        writeBytes(utf8)
    }
}

/// Reads what ``RoadMapByteWriter`` writes; every read either succeeds or throws an error at the offset it began.
struct RoadMapByteReader {
    let bytes: [UInt8]
    let path: String
    /// Where reading stops (the checksum after it is read separately).
    let end: Int
    private(set) var offset: Int

    init(_ bytes: [UInt8], path: String, offset: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.path = path
        self.offset = offset
        self.end = end ?? bytes.count
    }

    var isAtEnd: Bool { offset >= end }

    func error(_ message: String, at position: Int? = nil) -> RoadMapError {
        RoadMapError(path: path, offset: position ?? offset, message: message)
    }

    mutating func readUInt8(_ what: String) throws(RoadMapError) -> UInt8 {
        guard offset < end else { throw error("truncated: expected \(what)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readLittleEndian(byteCount: Int, _ what: String) throws(RoadMapError) -> UInt64 {
        guard end - offset >= byteCount else { throw error("truncated: expected \(what)") }
        var value: UInt64 = 0
        for index in 0..<byteCount { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += byteCount
        return value
    }

    mutating func readVarint(_ what: String) throws(RoadMapError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else { throw error("truncated: expected \(what)", at: start) }
            let byte = bytes[offset]
            offset += 1
            guard shift < 64, shift < 63 || byte <= 1 else { throw error("\(what) is not a valid varint", at: start) }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func readSignedVarint(_ what: String) throws(RoadMapError) -> Int64 {
        let raw = try readVarint(what)
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// A count that must fit in what is left of the file at `minimumBytesEach` per item, so that a corrupt count
    /// fails here instead of asking for gigabytes.
    mutating func readCount(_ what: String, minimumBytesEach: Int = 1) throws(RoadMapError) -> Int {
        let start = offset
        let count = try readVarint(what)
        guard count <= UInt64(max(0, end - offset) / max(1, minimumBytesEach)) else {
            throw error("\(what) \(count) is larger than the rest of the file", at: start)
        }
        return Int(count)
    }

    mutating func readString(_ what: String) throws(RoadMapError) -> String {
        let start = offset
        let count = try readCount("length of \(what)")
        let slice = bytes[offset..<offset + count]
        offset += count
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw error("\(what) is not UTF-8", at: start)
        }
        return text
    }
}
