import FleetModel
import Foundation

/// Decodes the event lines of a trip file, each straight from FleetModel's ``JSONTape`` when it can and through
/// `JSONDecoder` otherwise.
///
/// The direct path reads what tripterm writes (lowerCamelCase keys, enums by name) tens of times faster. Anything it
/// does not settle — a snake_case key, an enum number it does not know, any bad value or bad JSON — is decoded again
/// by the general path, which gives the same event or the error with its position (see ``ProtoFieldSource``). One
/// decoder per thread: it reuses its tape between lines.
struct TripFileEventDecoder {
    private var tape = JSONTape()
    private let decoder = JSONDecoder()

    /// The line's event, or why it is not one (a well-formed line that breaks the format's rules).
    ///
    /// - Throws: what `JSONDecoder` throws when the line is not valid JSON or a field is malformed.
    mutating func event(_ line: Data) throws -> Result<TripEvent, ProtoJSONError> {
        if let event = direct(line) { return .success(event) }
        return try decoder.decode(TripFileEventLine.self, from: line).event()
    }

    /// The event by the direct path, or nil to leave the line to the general path.
    mutating func direct(_ line: Data) -> TripEvent? {
        line.withUnsafeBytes { text -> TripEvent? in
            guard tape.parse(text) else { return nil }
            return tape.withRoot(in: text) { root -> TripEvent? in
                guard let event = try? Self.eventLine(root), case .success(let decoded) = event.event() else {
                    return nil
                }
                return decoded
            }
        }
    }

    /// `TripFileEventLine(from:)` over the tape: the same four members, `null` read as absent, unknown members
    /// ignored. Concrete calls (`Trip(direct:)`), so that FleetModel's specialized code does the work.
    private static func eventLine(_ root: JSONTapeValue) throws -> TripFileEventLine {
        guard root.isObject else { throw ProtoDirectDecodingMiss() }
        var line = TripFileEventLine(time: nil, snapshot: nil, note: nil)
        if let time = try present(root, "time") {
            guard let value = time.timestamp() else { throw ProtoDirectDecodingMiss() }
            line.time = value
        }
        if let snapshot = try present(root, "snapshot") { line.snapshot = try Trip(direct: snapshot) }
        if let failure = try present(root, "failure") {
            guard let fields = failure.fields() else { throw ProtoDirectDecodingMiss() }
            line.failure = try TripFileFailure(fields: fields)
        }
        if let note = try present(root, "note") {
            guard let text = note.string() else { throw ProtoDirectDecodingMiss() }
            line.note = text
        }
        return line
    }

    private static func present(_ object: JSONTapeValue, _ name: String) throws -> JSONTapeValue? {
        guard let value = try object.member(name), !value.isNull else { return nil }
        return value
    }
}
