import FleetModel
import Foundation
import TrackFormats

/// The export a recording was imported from, to read single entries back from it on demand.
///
/// An export of a day holds thousands of entries of a few kilobytes each, and a viewer looks at a handful: the
/// importer keeps each event's ``LogEntryLocation`` (a byte range) and this reads that range when it is shown.
/// A plain file is read again at the offset, so nothing of it stays in memory; a gzip-compressed one cannot be read
/// at an offset, so its inflated bytes are kept (they are what the importer read anyway).
public struct LogExportSource: Sendable, Equatable {
    enum Storage: Sendable, Equatable {
        /// The file and its size when imported, to notice that it has changed since.
        case file(path: String, size: Int)
        case bytes(Data)
    }

    let storage: Storage
    /// The path as given, for messages.
    public let path: String

    /// An export read from `path` as it is on disk (not compressed).
    public static func file(_ path: String, size: Int) -> LogExportSource {
        LogExportSource(storage: .file(path: path, size: size), path: path)
    }

    /// An export held in memory (inflated from gzip, or given as data).
    public static func bytes(_ data: Data, path: String) -> LogExportSource {
        LogExportSource(storage: .bytes(data), path: path)
    }

    /// The bytes at `range`.
    ///
    /// - Throws: ``InputError`` when the file cannot be read or is no longer the size it was imported at (it was
    ///   changed, so the offsets may point anywhere).
    public func text(at range: Range<Int>) throws(InputError) -> Data {
        switch storage {
        case .bytes(let data):
            guard range.lowerBound >= 0, range.upperBound <= data.count else {
                throw InputError(path: path, message: "bytes \(range) are outside the export")
            }
            return data.subdata(in: (data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound))
        case .file(let file, let size):
            guard let handle = FileHandle(forReadingAtPath: file) else {
                throw InputError(path: path, message: "cannot open the export again to read an entry")
            }
            defer { try? handle.close() }
            do {
                let now = try handle.seekToEnd()
                guard now == UInt64(size) else {
                    throw InputError(
                        path: path, message: "the export changed since it was loaded (\(size) bytes, now \(now))")
                }
                try handle.seek(toOffset: UInt64(range.lowerBound))
                let data = try handle.read(upToCount: range.count) ?? Data()
                guard data.count == range.count else {
                    throw InputError(path: path, message: "bytes \(range) are outside the export")
                }
                return data
            } catch let error as InputError {
                throw error
            } catch {
                throw InputError(path: path, message: "cannot read an entry: \(error.localizedDescription)")
            }
        }
    }

    /// The entry at `location`, parsed as written (keys as the export spells them), its Restricted Use twins
    /// merged in.
    public func entry(at location: LogEntryLocation) throws(InputError) -> RawLogEntry {
        let text = try text(at: location.bytes)
        var value = try parse(text, at: location.bytes, location: location)
        for twin in location.twins {
            let twinValue = try parse(try self.text(at: twin), at: twin, location: location)
            value = RawLogEntry.mergingTwin(twinValue, into: value)
        }
        return RawLogEntry(value: value, location: location, text: location.twins.isEmpty ? text : nil)
    }

    private func parse(_ text: Data, at range: Range<Int>, location: LogEntryLocation) throws(InputError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: text)
        } catch {
            throw InputError(
                path: path, line: location.line,
                message: "entry [\(location.index)] is no longer valid JSON at bytes \(range): the export changed?")
        }
    }
}
