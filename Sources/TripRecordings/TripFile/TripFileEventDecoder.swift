import FleetModel
import Foundation

/// Decodes the event lines of a trip file: in one forward pass by FleetModel's ``JSONStream`` when it can, else from
/// a ``JSONTape``, else through `JSONDecoder`.
///
/// The stream reads what tripterm writes (keys sorted, lowerCamelCase, enums by name) fastest; the tape, the same
/// spellings in any order (files edited or written by other tools), tens of times faster than `JSONDecoder`. Anything
/// neither settles — a snake_case key, an enum number it does not know, any bad value or bad JSON — is decoded again
/// by the general path, which gives the same event or the error with its position (see ``ProtoFieldSource``). One
/// decoder per thread: it reuses its storage between lines.
struct TripFileEventDecoder {
    private var stream = JSONStream()
    private var tape = JSONTape()
    private let decoder = JSONDecoder()
    /// Lines the stream read, and lines it left to the tape: a file whose keys are not in order stops trying it.
    private(set) var streamed = 0
    private(set) var notStreamed = 0

    /// The line's event, or why it is not one (a well-formed line that breaks the format's rules).
    ///
    /// - Throws: what `JSONDecoder` throws when the line is not valid JSON or a field is malformed.
    mutating func event(_ line: Data) throws -> Result<TripEvent, ProtoJSONError> {
        if let event = direct(line) { return .success(event) }
        return try decoder.decode(TripFileEventLine.self, from: line).event()
    }

    /// ``event(_:)`` writing the event into uninitialized memory, which spares copying a whole Trip (about 2 KB)
    /// through each layer on the hot path. Returns nil when `slot` was initialized, else why the line is not an event.
    /// The line is in memory the caller owns; only the general path copies it.
    mutating func decode(
        _ line: UnsafeRawBufferPointer, into slot: UnsafeMutablePointer<TripEvent>
    ) throws -> ProtoJSONError? {
        if direct(line, into: slot) { return nil }
        switch try decoder.decode(TripFileEventLine.self, from: Data(line)).event() {
        case .success(let event):
            slot.initialize(to: event)
            return nil
        case .failure(let error):
            return error
        }
    }

    /// The event by the direct path, or nil to leave the line to the general path.
    mutating func direct(_ line: Data) -> TripEvent? {
        withUnsafeTemporaryAllocation(of: TripEvent.self, capacity: 1) { slot in
            guard line.withUnsafeBytes({ direct($0, into: slot.baseAddress!) }) else { return nil }
            return slot.baseAddress!.move()
        }
    }

    /// Initializes `slot` by a direct path and returns true, or leaves it and returns false.
    private mutating func direct(_ text: UnsafeRawBufferPointer, into slot: UnsafeMutablePointer<TripEvent>) -> Bool {
        if notStreamed <= streamed + 8 {
            var initialized = false
            do {
                try stream.read(text) { root in
                    try Self.event(root, into: slot)
                    initialized = true
                }
                streamed += 1
                return true
            } catch {
                // The text after the event was not right: leave the slot as it was.
                if initialized { slot.deinitialize(count: 1) }
                notStreamed += 1
            }
        }
        guard tape.parse(text) else { return false }
        return tape.withRoot(in: text) { root -> Bool in
            do {
                try Self.event(root, into: slot)
                return true
            } catch {
                return false
            }
        }
    }

    /// `TripFileEventLine(from:)` then `event()`, over the tape: the same four members, `null` read as absent,
    /// unknown members ignored, exactly one of snapshot, failure, note. Concrete calls (`Trip(direct:)`), so that
    /// FleetModel's specialized code does the work. Throws without touching `slot` when it cannot settle the line.
    private static func event(_ root: JSONTapeValue, into slot: UnsafeMutablePointer<TripEvent>) throws {
        guard root.isObject else { throw ProtoDirectDecodingMiss() }
        guard let timeValue = try present(root, "time"), let time = timeValue.timestamp() else {
            throw ProtoDirectDecodingMiss()
        }
        let snapshot = try present(root, "snapshot")
        let failure = try present(root, "failure")
        let note = try present(root, "note")
        switch (snapshot, failure, note) {
        case (let snapshot?, nil, nil):
            slot.initialize(to: TripEvent(time: time, kind: .snapshot(try Trip(direct: snapshot))))
        case (nil, let failure?, nil):
            guard let fields = failure.fields(), let error = try TripFileFailure(fields: fields).error() else {
                throw ProtoDirectDecodingMiss()
            }
            slot.initialize(to: .failure(error, at: time))
        case (nil, nil, let note?):
            guard let text = note.string() else { throw ProtoDirectDecodingMiss() }
            slot.initialize(to: .note(text, at: time))
        default:
            throw ProtoDirectDecodingMiss()  // none or several: the general path says which
        }
    }

    /// ``event(_:into:)`` over a stream: the members in the order of their names.
    private static func event(_ root: JSONStreamValue, into slot: UnsafeMutablePointer<TripEvent>) throws {
        guard let fields = root.fields() else { throw ProtoDirectDecodingMiss() }
        let failure: TripFileFailure? = try fields("failure")
        let note = try fields.string("note")
        // The snapshot goes straight into the slot, its time set once read (`time` comes after it).
        let snapshot = try fields.trip("snapshot") { trip in
            slot.initialize(to: TripEvent(time: ProtoTimestamp(seconds: 0), kind: .snapshot(trip)))
        }
        do {
            guard let time = try fields.timestamp("time") else { throw ProtoDirectDecodingMiss() }
            try fields.finish()
            switch (snapshot, failure, note) {
            case (true, nil, nil):
                slot.pointee.time = time
            case (false, let failure?, nil):
                guard let error = failure.error() else { throw ProtoDirectDecodingMiss() }
                slot.initialize(to: .failure(error, at: time))
            case (false, nil, let note?):
                slot.initialize(to: .note(note, at: time))
            default:
                throw ProtoDirectDecodingMiss()
            }
        } catch {
            if snapshot { slot.deinitialize(count: 1) }
            throw error
        }
    }

    private static func present(_ object: JSONTapeValue, _ name: String) throws -> JSONTapeValue? {
        guard let value = try object.member(name), !value.isNull else { return nil }
        return value
    }
}
