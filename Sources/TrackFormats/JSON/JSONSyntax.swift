import Foundation

/// Where a JSON text stops being JSON. `JSONDecoder` only says "not valid JSON"; `JSONSerialization` names the
/// character, which is what a person fixing a file needs.
public enum JSONSyntax {
    /// The 1-based column of the first syntax error and a description of it, or nil when the text parses.
    public static func error(in bytes: Data) -> (column: Int, message: String)? {
        do {
            _ = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
            return nil
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            if description.contains("end of file") || description.contains("Unexpected end") {
                return (bytes.count + 1, "unexpected end of line (the JSON is cut short)")
            }
            if let range = description.range(of: "character "),
                let offset = Int(description[range.upperBound...].prefix { $0.isNumber })
            {
                let column = offset + 1
                let character =
                    offset < bytes.count ? String(decoding: [bytes[bytes.startIndex + offset]], as: UTF8.self) : ""
                return (column, "unexpected \(character.isEmpty ? "text" : "'\(character)'")")
            }
            return (1, description)
        }
    }
}
