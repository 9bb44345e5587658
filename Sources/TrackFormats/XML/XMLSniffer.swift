import Foundation

/// Finds the name of an XML document's root element by looking at its first bytes, without parsing it: enough to
/// tell GPX from other inputs cheaply.
public enum XMLSniffer {
    /// How much of the file to look at; prologs (declaration, comments, doctype) are short.
    static let prefixLength = 4096

    /// The local name (without prefix) of the first element, or nil when the data does not start like XML.
    public static func rootElementName(_ data: Data) -> String? {
        var text = Substring(String(decoding: data.prefix(prefixLength), as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        while true {
            text = text.drop { $0.isWhitespace }
            guard text.first == "<" else { return nil }
            if text.hasPrefix("<?") {
                guard let end = text.range(of: "?>") else { return nil }
                text = text[end.upperBound...]
            } else if text.hasPrefix("<!--") {
                guard let end = text.range(of: "-->") else { return nil }
                text = text[end.upperBound...]
            } else if text.hasPrefix("<!") {
                guard let end = text.firstIndex(of: ">") else { return nil }
                text = text[text.index(after: end)...]
            } else {
                let name = text.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
                guard !name.isEmpty else { return nil }
                return String(name.split(separator: ":").last ?? name)
            }
        }
    }
}
