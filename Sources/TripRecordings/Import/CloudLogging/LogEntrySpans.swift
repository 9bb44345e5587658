/// Where each entry of an export sits in its bytes, so that the replay can show an entry as it was written without
/// the importer keeping every entry's text (see ``LogExportSource``).
///
/// The reader parses an export into values and keeps no positions; this is a second, cheap pass over the same
/// bytes that only follows the structure — strings, nesting, commas — to find where each element of the entry array
/// starts and ends. It runs on text the reader has already accepted as JSON, and gives up (nil) on anything it does
/// not expect rather than guess.
enum LogEntrySpans {
    /// The byte ranges of the root array's elements, or, with `member`, of the array under the root object's member
    /// of that folded name (`rawlogs`), as offsets from the start of `bytes`. Scanning starts at `offset`.
    static func elements(in bytes: UnsafeRawBufferPointer, from offset: Int, member: String?) -> [Range<Int>]? {
        var scanner = Scanner(bytes: bytes.assumingMemoryBound(to: UInt8.self), position: offset)
        scanner.skipWhitespace()
        guard let member else { return scanner.arrayElements() }
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: "}")) { return nil }
        while true {
            scanner.skipWhitespace()
            guard let key = scanner.stringRange() else { return nil }
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            if scanner.folded(key) == member { return scanner.arrayElements() }
            guard scanner.skipValue() else { return nil }
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// The range of the one JSON value in `bytes` from `offset`, without the whitespace around it.
    static func value(in bytes: UnsafeRawBufferPointer, from offset: Int) -> Range<Int>? {
        var scanner = Scanner(bytes: bytes.assumingMemoryBound(to: UInt8.self), position: offset)
        scanner.skipWhitespace()
        let start = scanner.position
        guard scanner.skipValue() else { return nil }
        return start..<scanner.position
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            position += 1
            return true
        }

        /// The range of a string's contents, the cursor past its closing quote.
        mutating func stringRange() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = position
            while let byte = current {
                position += 1
                if byte == UInt8(ascii: "\\") {
                    position += 1
                } else if byte == UInt8(ascii: "\"") {
                    return start..<(position - 1)
                }
            }
            return nil
        }

        /// A key as the importer folds keys: ASCII letters lower-cased, underscores dropped.
        func folded(_ range: Range<Int>) -> String {
            String(
                decoding: bytes[range].lazy.filter { $0 != UInt8(ascii: "_") }.map {
                    $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0
                }, as: UTF8.self)
        }

        /// Skips one value of any kind: a string, a nested object or array (by depth, strings skipped whole), or a
        /// literal or number (up to the next delimiter).
        mutating func skipValue() -> Bool {
            guard let first = current else { return false }
            switch first {
            case UInt8(ascii: "\""):
                return stringRange() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while let byte = current {
                    switch byte {
                    case UInt8(ascii: "\""):
                        guard stringRange() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    position += 1
                    if depth == 0 { return true }
                }
                return false
            default:
                let start = position
                while let byte = current,
                    !(byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")
                        || byte == UInt8(ascii: "}") || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D)
                {
                    position += 1
                }
                return position > start
            }
        }

        /// The ranges of an array's elements, the cursor past its closing bracket.
        mutating func arrayElements() -> [Range<Int>]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var ranges: [Range<Int>] = []
            skipWhitespace()
            if take(UInt8(ascii: "]")) { return ranges }
            while true {
                skipWhitespace()
                let start = position
                guard skipValue() else { return nil }
                ranges.append(start..<position)
                skipWhitespace()
                if take(UInt8(ascii: "]")) { return ranges }
                guard take(UInt8(ascii: ",")) else { return nil }
            }
        }
    }
}
