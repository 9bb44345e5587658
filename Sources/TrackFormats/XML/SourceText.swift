import Foundation

/// The bytes of an input file, to turn the positions parsers report into the `line:column` of ``InputError``
/// (1-based, columns in UTF-8 bytes).
public struct SourceText {
    public struct Position: Sendable, Equatable {
        public var line: Int
        public var column: Int
    }

    private let bytes: [UInt8]

    public init(_ data: Data) { bytes = [UInt8](data) }

    /// The line and byte column of a 0-based byte offset (clamped to the text).
    public func position(ofByte offset: Int) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return Position(line: line, column: offset - lineStart + 1)
    }

    /// The byte offset of a 1-based line and a 1-based column counted in characters (as libxml2 counts them), or nil
    /// when the text has no such line.
    func byteOffset(line: Int, characterColumn: Int) -> Int? {
        guard line >= 1 else { return nil }
        var offset = 0, currentLine = 1
        while currentLine < line {
            guard let newline = bytes[offset...].firstIndex(of: 0x0A) else { return nil }
            offset = newline + 1
            currentLine += 1
        }
        var characters = 1
        while characters < characterColumn && offset < bytes.count && bytes[offset] != 0x0A {
            offset += 1
            // Continuation bytes (10xxxxxx) belong to the character already counted.
            while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        return offset
    }

    /// Where libxml2's position — `line` and character `column` at the end of a start tag — puts the tag's `<`,
    /// so an error names where the element begins. Falls back to the reported position, in bytes.
    public func tagStart(line: Int, characterColumn: Int) -> Position {
        guard let end = byteOffset(line: line, characterColumn: characterColumn) else {
            return Position(line: max(line, 1), column: max(characterColumn, 1))
        }
        var i = min(end, bytes.count - 1)
        while i >= 0 && bytes[i] != UInt8(ascii: "<") { i -= 1 }
        return position(ofByte: i >= 0 ? i : end)
    }

    /// The byte position of libxml2's `line` and character `column`.
    public func position(line: Int, characterColumn: Int) -> Position {
        guard let offset = byteOffset(line: line, characterColumn: characterColumn) else {
            return Position(line: max(line, 1), column: max(characterColumn, 1))
        }
        return position(ofByte: offset)
    }

    /// The position of the only occurrence of `"key"`, or nil when it occurs never or more than once.
    public func uniqueKeyPosition(_ key: String) -> Position? {
        let needle = Array("\"\(key)\"".utf8)
        guard let first = find(needle, from: 0) else { return nil }
        guard find(needle, from: first + 1) == nil else { return nil }
        return position(ofByte: first)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var i = start
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
