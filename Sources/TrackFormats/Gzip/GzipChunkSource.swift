import CZlib

/// Inflates a gzip stream chunk by chunk through the system zlib — the one place tripterm inflates, for `.osm.gz`
/// extracts (imported without being unpacked first) and, through ``Gzip``, `.json.gz` exports and `.gpx.gz` tracks. Concatenated members (`cat a.gz b.gz`) read as one stream; a stream that stops early is an error,
/// not a short file.
public struct GzipChunkSource<Compressed: ByteChunkSource>: ByteChunkSource {
    static var outputSize: Int { 1 << 18 }
    var compressed: Compressed
    public let path: String
    private let inflater: Inflater
    private var input: [UInt8] = []
    private var inputOffset = 0
    private var memberEnded = false
    private var finished = false
    private var outputPending = false

    public init(_ compressed: Compressed, path: String) throws(InputError) {
        self.compressed = compressed
        self.path = path
        guard let inflater = Inflater() else {
            throw InputError(path: path, message: "cannot start gzip decompression")
        }
        self.inflater = inflater
    }

    public mutating func nextChunk() throws(InputError) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: Self.outputSize)
        while !finished {
            if memberEnded {
                guard try refill() else {
                    finished = true
                    return nil
                }
                // Another gzip member follows.
                guard inflater.reset() else {
                    throw InputError(path: path, message: "cannot restart gzip decompression")
                }
                memberEnded = false
            }
            // zlib may still hold output from input it has taken, so only ask for more when it has none.
            if inputOffset == input.count && !outputPending {
                guard try refill() else {
                    finished = true
                    throw InputError(
                        path: path, message: "truncated gzip data (the file ends in the middle of the stream)")
                }
            }
            let (status, consumed, produced) = inflater.inflate(input: input, from: inputOffset, into: &output)
            inputOffset += consumed
            outputPending = produced == output.count
            switch status {
            case Z_STREAM_END: memberEnded = true
            case Z_OK, Z_BUF_ERROR: break
            default:
                finished = true
                throw InputError(
                    path: path, message: "corrupt gzip data: \(inflater.message ?? "zlib error \(status)")")
            }
            if produced > 0 {
                output.removeSubrange(produced...)
                return output
            }
        }
        return nil
    }

    /// Makes unread compressed input available; false at the end of the file.
    private mutating func refill() throws(InputError) -> Bool {
        if inputOffset < input.count { return true }
        guard let more = try compressed.nextChunk() else { return false }
        input = more
        inputOffset = 0
        return true
    }

    /// Owns the zlib stream, whose state must stay at one address and be freed exactly once.
    private final class Inflater {
        var stream = z_stream()

        init?() {
            // 15 + 16: a gzip wrapper with the largest window.
            guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                return nil
            }
        }

        deinit { inflateEnd(&stream) }

        func reset() -> Bool { inflateReset(&stream) == Z_OK }

        var message: String? { stream.msg.map { String(cString: $0) } }

        func inflate(
            input: [UInt8], from offset: Int, into output: inout [UInt8]
        ) -> (status: Int32, consumed: Int, produced: Int) {
            let available = input.count - offset
            return input.withUnsafeBufferPointer { inBuffer in
                output.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_in = inBuffer.baseAddress.map { UnsafeMutablePointer(mutating: $0 + offset) }
                    stream.avail_in = uInt(available)
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = uInt(outBuffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let result = (status, available - Int(stream.avail_in), outBuffer.count - Int(stream.avail_out))
                    stream.next_in = nil
                    stream.next_out = nil
                    return result
                }
            }
        }
    }
}
