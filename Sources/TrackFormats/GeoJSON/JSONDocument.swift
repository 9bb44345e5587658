import FleetModel
import Foundation

/// Parses a whole JSON file into a ``JSONValue``, reporting a syntax error at its `line:column`.
///
/// `JSONDecoder` does not say where a syntax error is, so a failed decode is handed to ``JSONSyntax`` (which asks
/// `JSONSerialization` for the byte offset) just to find the place, and the offset becomes a line and column.
public enum JSONDocument {
    public static func parse(_ raw: Data, path: String) throws(InputError) -> JSONValue {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let skipped = raw.starts(with: bom) ? bom.count : 0
        let data = Data(raw.dropFirst(skipped))
        guard data.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            throw InputError(path: path, message: "empty file: expected a GeoJSON object")
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            guard let syntax = JSONSyntax.error(in: data) else {
                throw InputError(path: path, message: "not valid JSON")
            }
            // JSONSyntax counts columns over the whole text as if it were one line.
            let offset = syntax.column - 1
            let at = SourceText(raw).position(ofByte: offset + skipped)
            let reason =
                offset >= data.count ? "the file ends in the middle of the JSON (is it cut short?)" : syntax.message
            throw InputError(path: path, line: at.line, column: at.column, message: "not valid JSON: \(reason)")
        }
    }
}
