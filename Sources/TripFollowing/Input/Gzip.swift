import CZlib
import Foundation

/// Gzip decompression through the system zlib, so `.json.gz` exports and `.gpx.gz` tracks open as they are.
enum Gzip {
    /// Whether the data starts with gzip's magic bytes.
    static func isCompressed(_ data: Data) -> Bool { data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B }

    /// Inflates one or more concatenated gzip members; a stream that ends early is an error, not a short result.
    static func decompress(_ data: Data, path: String) throws(InputError) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw InputError(path: path, message: "cannot start gzip decompression")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = Z_OK
        var input = [UInt8](data)
        let inputCount = input.count
        status = input.withUnsafeMutableBufferPointer { inBuf -> Int32 in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = uInt(inputCount)
            var result: Int32 = Z_OK
            repeat {
                result = chunk.withUnsafeMutableBufferPointer { outBuf -> Int32 in
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = uInt(outBuf.count)
                    let r = inflate(&stream, Z_NO_FLUSH)
                    output.append(outBuf.baseAddress!, count: outBuf.count - Int(stream.avail_out))
                    return r
                }
                if result == Z_STREAM_END && stream.avail_in > 0 {
                    // Another gzip member follows (as `cat a.gz b.gz` makes).
                    result = inflateReset(&stream) == Z_OK ? Z_OK : Z_DATA_ERROR
                }
            } while result == Z_OK
            return result
        }
        switch status {
        case Z_STREAM_END: return output
        case Z_BUF_ERROR: throw InputError(path: path, message: "truncated gzip data (the file ends in the middle of the stream)")
        default:
            let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
            throw InputError(path: path, message: "corrupt gzip data: \(reason)")
        }
    }
}
