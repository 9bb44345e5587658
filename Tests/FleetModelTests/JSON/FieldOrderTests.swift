import Testing

@testable import FleetModel
@testable import ProtoJSONKit

/// ``JSONStream`` reads an object in one forward pass, so each message must ask for its fields in the byte order of
/// their JSON names (the order tripterm writes them) and call `finish()` last; a message that does not is still read,
/// but by the slower tape. ``ProtoJSONOutput`` writes fields as they are put, so each message must put them in that
/// order too. This records the order every message asks and puts in.
@Suite struct FieldOrderTests {
    /// A field source that answers "absent" to every field and remembers what was asked.
    final class Recorder: ProtoFieldSource {
        var asked: [String] = []

        func callAsFunction<T: ProtoJSONField>(_ name: StaticString) throws -> T? {
            asked.append(name.description)
            return nil
        }

        func repeated<T: ProtoJSONField>(_ name: StaticString) throws -> [T] {
            asked.append(name.description)
            return []
        }

        func finish() throws { asked.append("finish()") }
    }

    /// A field writer that remembers what was put, set or not.
    struct PutRecorder: ProtoFieldWriter {
        var put: [String] = []
        mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T) throws { put.append(name.description) }
        mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T?) throws { put.append(name.description) }
        mutating func put<T: ProtoJSONField>(_ name: StaticString, _ values: [T]) throws {
            put.append(name.description)
        }
    }

    static func inByteOrder(_ names: [String]) -> Bool {
        zip(names, names.dropFirst()).allSatisfy { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Every field the message puts, in order, from the message read with every field absent.
    static func putOrder(_ message: any ProtoMessage.Type) throws -> [String] {
        var writer = PutRecorder()
        try message.init(fields: Recorder()).writeFields(to: &writer)
        return writer.put
    }

    /// Every generated message (the generator sorts them; this holds it to that).
    static let messages: [any ProtoMessage.Type] = ProtoJSON.generatedMessages.sorted { $0.key < $1.key }.map(\.value)

    @Test(arguments: messages.indices)
    func asksForItsFieldsInWrittenOrder(_ index: Int) throws {
        let message = Self.messages[index]
        let recorder = Recorder()
        _ = try? message.init(fields: recorder)
        let names = recorder.asked.dropLast()
        #expect(recorder.asked.last == "finish()", "\(message) does not call finish() last")
        #expect(names.count > 0, "\(message) asks for no field")
        #expect(
            Self.inByteOrder(Array(names)),
            "\(message) asks \(Array(names)); the stream needs \(names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })"
        )
    }

    /// Each message puts the fields it reads, in the same order.
    @Test(arguments: messages.indices)
    func putsTheFieldsItReadsInTheSameOrder(_ index: Int) throws {
        let message = Self.messages[index]
        let recorder = Recorder()
        _ = try? message.init(fields: recorder)
        #expect(try Self.putOrder(message) == Array(recorder.asked.dropLast()), "\(message)")
    }
}
