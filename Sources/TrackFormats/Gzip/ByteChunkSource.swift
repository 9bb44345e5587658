import Foundation

/// Something that hands out a file's bytes a chunk at a time, so that big extracts never sit in memory whole.
public protocol ByteChunkSource {
    /// The next bytes, or nil at the end; never an empty array.
    mutating func nextChunk() throws(InputError) -> [UInt8]?
}

/// A file's raw bytes in 256 KiB reads.
public struct FileChunkSource: ByteChunkSource {
    static let chunkSize = 1 << 18
    let handle: FileHandle
    public let path: String

    public init(path: String) throws(InputError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot open the file" : "no such file"
            throw InputError(path: path, message: reason)
        }
        self.handle = handle
        self.path = path
    }

    public mutating func nextChunk() throws(InputError) -> [UInt8]? {
        do {
            guard let data = try handle.read(upToCount: Self.chunkSize), !data.isEmpty else { return nil }
            return [UInt8](data)
        } catch {
            throw InputError(path: path, message: "cannot read: \(error.localizedDescription)")
        }
    }
}

/// Hands back one chunk already read (to sniff the format), then the rest of the source.
public struct PrefixedChunkSource<Base: ByteChunkSource>: ByteChunkSource {
    var prefix: [UInt8]?
    var base: Base

    public init(prefix: [UInt8]?, base: Base) {
        self.prefix = prefix
        self.base = base
    }

    public mutating func nextChunk() throws(InputError) -> [UInt8]? {
        if let chunk = prefix {
            prefix = nil
            if !chunk.isEmpty { return chunk }
        }
        return try base.nextChunk()
    }
}

/// Bytes already in memory, handed out as one chunk.
public struct DataChunkSource: ByteChunkSource {
    var data: [UInt8]?

    public init(_ data: Data) { self.data = data.isEmpty ? nil : [UInt8](data) }

    public mutating func nextChunk() throws(InputError) -> [UInt8]? {
        defer { data = nil }
        return data
    }
}
