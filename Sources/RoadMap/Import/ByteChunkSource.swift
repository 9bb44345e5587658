import Foundation

/// Something that hands out a file's bytes a chunk at a time, so that big extracts never sit in memory whole.
protocol ByteChunkSource {
    /// The next bytes, or nil at the end; never an empty array.
    mutating func nextChunk() throws(RoadMapError) -> [UInt8]?
}

/// A file's raw bytes in 256 KiB reads.
struct FileChunkSource: ByteChunkSource {
    static let chunkSize = 1 << 18
    let handle: FileHandle
    let path: String

    init(path: String) throws(RoadMapError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot open the file" : "no such file"
            throw RoadMapError(path: path, message: reason)
        }
        self.handle = handle
        self.path = path
    }

    mutating func nextChunk() throws(RoadMapError) -> [UInt8]? {
        do {
            guard let data = try handle.read(upToCount: Self.chunkSize), !data.isEmpty else { return nil }
            return [UInt8](data)
        } catch {
            throw RoadMapError(path: path, message: "cannot read: \(error.localizedDescription)")
        }
    }
}

/// Hands back one chunk already read (to sniff the format), then the rest of the source.
struct PrefixedChunkSource<Base: ByteChunkSource>: ByteChunkSource {
    var prefix: [UInt8]?
    var base: Base

    mutating func nextChunk() throws(RoadMapError) -> [UInt8]? {
        if let chunk = prefix {
            prefix = nil
            if !chunk.isEmpty { return chunk }
        }
        return try base.nextChunk()
    }
}
