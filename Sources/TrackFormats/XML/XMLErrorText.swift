/// What libxml2's error codes (which `XMLParser` reports as its error codes, on Linux and Darwin alike) mean, in
/// words for a person who has to fix the file. Corelibs Foundation's `XMLParser.ErrorCode` cases are numbered
/// differently from the codes actually reported, so the numbers are matched here directly.
enum XMLErrorText {
    /// Codes for an element that is never closed; the message then names it.
    static let unclosedCodes: Set<Int> = [5, 77, 85]
    static let tagMismatch = 76

    static func describe(_ code: Int) -> String {
        switch code {
        case 4: "expected an XML document starting with '<'"
        case 5: "extra content after the end of the document"
        case 9: "invalid character (the file is not UTF-8, or does not declare its encoding)"
        case 22, 23, 68: "'&' must be written as &amp; and '<' as &lt;"
        case 26: "undefined entity (only &amp; &lt; &gt; &quot; &apos; and character references are allowed)"
        case 38: "'<' inside an attribute value (write &lt;)"
        case 39: "attribute value is not in quotes"
        case 40: "attribute value is not closed"
        case 41: "attribute without a value"
        case 42: "the same attribute appears twice"
        case 45: "comment is not closed (-->)"
        case 63: "CDATA section is not closed (]]>)"
        case 65: "expected white space (between attributes?)"
        case 73: "expected '>'"
        case 77: "element is not closed"
        case 85, 86: "content after the end of the root element"
        case 89: "entities expand too much (an entity loop or an entity bomb)"
        default: "not well-formed XML (libxml2 error \(code))"
        }
    }
}
