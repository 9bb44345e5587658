import TrackFormats

/// A streaming scanner for the plain XML that OpenStreetMap writes: it hands over one tag at a time (name and
/// attribute ranges into its buffer) and skips text, comments, processing instructions and DOCTYPEs.
///
/// Hand-written rather than FoundationXML's `XMLParser` because it is several times faster on the OSM subset, knows
/// the line of every tag for error messages, and lets attributes be read as numbers without making strings
/// (docs/road-map.md has the measurements). It checks nesting, not the rest of XML's well-formedness rules.
struct XMLTagScanner<Source: ByteChunkSource> {
    enum Kind { case open, close, empty }

    /// The current tag: valid until the next ``next()``.
    struct Tag {
        var kind = Kind.open
        var name = 0..<0
        var attributes: [(name: Range<Int>, value: Range<Int>)] = []
        /// 1-based line of the tag's `<`.
        var line = 1
    }

    private var source: Source
    let path: String
    private(set) var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var line = 1
    /// Whether a `<` has been seen yet: anything but white space (or a byte-order mark) before it means not XML.
    private var sawMarkup = false
    private(set) var tag = Tag()
    /// Names of the open elements and the lines they open on, outermost first.
    private(set) var openElements: [(name: [UInt8], line: Int)] = []

    init(source: Source, path: String) {
        self.source = source
        self.path = path
    }

    func error(_ message: String, line: Int? = nil) -> RoadMapError {
        RoadMapError(path: path, line: line ?? tag.line, message: message)
    }

    /// Moves to the next tag; false at the end of the input, which is an error unless every element was closed.
    mutating func next() throws(RoadMapError) -> Bool {
        while true {
            guard try skipToTagStart() else {
                if let open = openElements.last {
                    let name = String(decoding: open.name, as: UTF8.self)
                    throw error(
                        "the file ends inside <\(name)> opened on line \(open.line) (is it truncated?)", line: line)
                }
                return false
            }
            let tagLine = line
            guard let end = try findTagEnd() else {
                throw error("the file ends inside a tag (is it truncated?)", line: tagLine)
            }
            let tagStart = position
            let second = buffer[tagStart + 1]
            if second == UInt8(ascii: "?") || second == UInt8(ascii: "!") {
                position = end
                continue
            }
            tag.line = tagLine
            try parseTag(tagStart, end)
            position = end
            return true
        }
    }

    /// Bytes as text, with XML's entities replaced.
    func string(_ range: Range<Int>) -> String {
        guard buffer[range].contains(UInt8(ascii: "&")) else { return String(decoding: buffer[range], as: UTF8.self) }
        return XMLEntities.decode(buffer[range])
    }

    func bytesEqual(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let pointer = literal.utf8Start
        for index in 0..<range.count where buffer[range.lowerBound + index] != pointer[index] { return false }
        return true
    }

    func isTag(_ literal: StaticString) -> Bool { bytesEqual(tag.name, literal) }

    /// The value range of the current tag's attribute `name`, if it has one.
    func attribute(_ name: StaticString) -> Range<Int>? {
        for attribute in tag.attributes where bytesEqual(attribute.name, name) { return attribute.value }
        return nil
    }

    // MARK: Scanning

    /// Skips text up to the next `<`, counting lines; false at the end of the input.
    private mutating func skipToTagStart() throws(RoadMapError) -> Bool {
        while true {
            while position < buffer.count {
                let byte = buffer[position]
                if byte == UInt8(ascii: "<") {
                    sawMarkup = true
                    return true
                }
                if byte == UInt8(ascii: "\n") { line += 1 }
                if !sawMarkup, !Self.isSpace(byte), !(position < 3 && [0xEF, 0xBB, 0xBF].contains(byte)) {
                    throw error(
                        "not XML (it does not start with '<'; an .osm.pbf file needs converting to .osm first)",
                        line: line)
                }
                position += 1
            }
            guard try fill() else { return false }
        }
    }

    /// The index just past the `>` that closes the tag at `position` (its `<`), honouring quotes and `<!-- -->`,
    /// reading more input as needed; nil when the input ends first. Reading more moves the tag to index 0.
    private mutating func findTagEnd() throws(RoadMapError) -> Int? {
        while buffer.count - position < 4 {
            guard try fill() else { break }
        }
        let isComment = buffer[position...].starts(with: Self.commentOpening)
        var index = position + (isComment ? 4 : 1)
        var quote: UInt8 = 0
        while true {
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\n") { line += 1 }
                if isComment {
                    if byte == UInt8(ascii: ">"), buffer[index - 1] == UInt8(ascii: "-"),
                        buffer[index - 2] == UInt8(ascii: "-"),
                        index - position >= 6
                    {
                        return index + 1
                    }
                } else if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return index + 1
                }
                index += 1
            }
            let shift = position
            guard try fill() else { return nil }
            index -= shift
        }
    }

    private static var commentOpening: [UInt8] { Array("<!--".utf8) }

    /// Drops the consumed bytes before `position` and appends the next chunk; false at the end of the input.
    private mutating func fill() throws(RoadMapError) -> Bool {
        guard !atEnd else { return false }
        guard let chunk = try RoadMapError.reading({ () throws(InputError) in try source.nextChunk() }) else {
            atEnd = true
            return false
        }
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        buffer.append(contentsOf: chunk)
        return true
    }

    /// Reads the name and attributes of the tag in `start..<end` (from `<` to just past `>`).
    private mutating func parseTag(_ start: Int, _ end: Int) throws(RoadMapError) {
        var index = start + 1
        let last = end - 1
        tag.kind = .open
        if buffer[index] == UInt8(ascii: "/") {
            tag.kind = .close
            index += 1
        }
        var bodyEnd = last
        if tag.kind == .open, buffer[last - 1] == UInt8(ascii: "/") {
            tag.kind = .empty
            bodyEnd = last - 1
        }
        let nameStart = index
        while index < bodyEnd, !Self.isSpace(buffer[index]) { index += 1 }
        tag.name = nameStart..<index
        guard !tag.name.isEmpty else { throw error("malformed tag: no element name") }
        tag.attributes.removeAll(keepingCapacity: true)
        while true {
            while index < bodyEnd, Self.isSpace(buffer[index]) { index += 1 }
            if index >= bodyEnd { break }
            let attributeStart = index
            while index < bodyEnd, buffer[index] != UInt8(ascii: "="), !Self.isSpace(buffer[index]) { index += 1 }
            let name = attributeStart..<index
            while index < bodyEnd, Self.isSpace(buffer[index]) { index += 1 }
            guard index < bodyEnd, buffer[index] == UInt8(ascii: "=") else {
                throw error("malformed attribute \(String(decoding: buffer[name], as: UTF8.self)) (expected =\"…\")")
            }
            index += 1
            while index < bodyEnd, Self.isSpace(buffer[index]) { index += 1 }
            guard index < bodyEnd, buffer[index] == UInt8(ascii: "\"") || buffer[index] == UInt8(ascii: "'") else {
                throw error("malformed attribute \(String(decoding: buffer[name], as: UTF8.self)) (value not quoted)")
            }
            let quote = buffer[index]
            index += 1
            let valueStart = index
            while index < bodyEnd, buffer[index] != quote { index += 1 }
            guard index < bodyEnd else {
                throw error("malformed attribute \(String(decoding: buffer[name], as: UTF8.self))")
            }
            tag.attributes.append((name, valueStart..<index))
            index += 1
        }
        switch tag.kind {
        case .open: openElements.append((Array(buffer[tag.name]), tag.line))
        case .empty: break
        case .close:
            guard let open = openElements.popLast(), open.name.elementsEqual(buffer[tag.name]) else {
                throw error("unexpected </\(String(decoding: buffer[tag.name], as: UTF8.self))>")
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }
}
