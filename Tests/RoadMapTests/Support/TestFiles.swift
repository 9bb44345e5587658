import CZlib
import Foundation
import TestSupport

/// Where the tests' inputs live, and scratch files they write.
enum TestFiles {
    static var monacoRoadMap: String { Repository.path("Assets/maps/monaco.roadmap") }

    static var gridFixture: String { Repository.path("Tests/RoadMapTests/Fixtures/grid.osm") }

    /// The Monaco extract the bundled map was imported from (Tests/Fixtures).
    static func monacoOSM() throws -> String { try Repository.file("Tests/Fixtures/monaco.osm.gz") }

    /// A fresh directory for one test's files, under the system's temporary one; the test removes it when it ends.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("RoadMapTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ bytes: some Sequence<UInt8>, named name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// `bytes` gzip-compressed by the system zlib, as `gzip` writes them.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // 15 + 16: gzip wrapper, largest window.
        precondition(
            deflateInit2_(
                &stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)
            ) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        var input = bytes
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(produced))
    }
}
