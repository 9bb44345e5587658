import Foundation

/// Whole gzip files in memory, so `.json.gz` exports and `.gpx.gz` tracks open as they are. The inflating itself is
/// ``GzipChunkSource``'s, the same code that streams `.osm.gz` extracts.
public enum Gzip {
    /// Whether the data starts with gzip's magic bytes.
    public static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// Inflates one or more concatenated gzip members; a stream that ends early is an error, not a short result.
    public static func decompress(_ data: Data, path: String) throws(InputError) -> Data {
        var source = try GzipChunkSource(DataChunkSource(data), path: path)
        var output = Data()
        while let chunk = try source.nextChunk() { output.append(contentsOf: chunk) }
        return output
    }
}
