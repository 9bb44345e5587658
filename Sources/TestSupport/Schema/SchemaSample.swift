import FleetModel
import Foundation

/// A value of any generated message with every field set, none at its default: the message's own field list asks a
/// source that answers each field with a sample of its type (a message recursively, two elements for a repeated
/// field, the first member of a oneof). So a field added to a `.proto` is in the sample without a test changing, and
/// the one-schema tests see it cross JSON, protobuf and trip files.
public enum SchemaSample {
    public static func value<M: ProtoMessage>(_ type: M.Type) throws -> M { try M(fields: SampleFields(depth: 0)) }
}

private struct SampleFields: ProtoFieldSource {
    let depth: Int

    func callAsFunction<T: ProtoJSONField>(_ name: StaticString) throws -> T? { sample(T.self) }
    func repeated<T: ProtoJSONField>(_ name: StaticString) throws -> [T] { sample(T.self).map { [$0, $0] } ?? [] }
    func finish() throws {}
    /// Every member of a oneof is offered; the message keeps the first.
    func oneofConflict(_ names: [StaticString]) throws {}

    private func sample<T: ProtoJSONField>(_ type: T.Type) -> T? {
        let value: Any? =
            switch type {
            case is String.Type: "sample é/\"x\""
            case is Bool.Type: true
            case is Int32.Type: Int32(-7)
            case is Int64.Type: Int64(9_007_199_254_740_993)
            case is Double.Type: 12.375
            case is Float.Type: Float(0.5)
            // Bytes whose base64 has both `+` and `/` and one `=` of padding.
            case is Data.Type: Data([0xFB, 0xFF, 0xBF, 0x00, 0x01])
            case is ProtoTimestamp.Type: ProtoTimestamp(seconds: 1_764_201_600, nanos: 120_000_000)
            case is ProtoDuration.Type: ProtoDuration(seconds: 95, nanos: 500_000_000)
            case is ProtoFieldMask.Type: ProtoFieldMask(paths: ["tripStatus", "vehicleId"])
            case let message as any ProtoMessage.Type:
                depth < 8 ? try? message.init(fields: SampleFields(depth: depth + 1)) : nil
            case let enumeration as any ProtoEnum.Type: lastCase(of: enumeration)
            default: nil
            }
        return value as? T
    }

    /// The last value: not the zero one, and the one most likely added last.
    private func lastCase<E: ProtoEnum>(of type: E.Type) -> E { Array(E.allCases).last! }
}
