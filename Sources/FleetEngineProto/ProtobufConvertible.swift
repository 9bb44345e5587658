import FleetModel
import SwiftProtobuf

/// A FleetModel type with a swift-protobuf twin: the generated conversions (`Generated/*.fleetmodel.swift`) copy
/// field by field, so a gRPC request reaches the service layer as the same value its REST twin does, without JSON
/// text between them.
public protocol ProtobufConvertible {
    associatedtype Protobuf: SwiftProtobuf.Message
    /// The value of a message a client sent; fails, naming the field, on what FleetModel cannot hold (an enum
    /// number it does not know, a timestamp outside proto3's range), as the strict JSON reader fails.
    init(protobuf: Protobuf) throws(ProtoJSONError)
    /// The message to send: total, since every FleetModel value has a protobuf form.
    var protobuf: Protobuf { get }
}

/// The conversions' shared steps, each adding the field's name to the path of a failure.
public enum ProtobufConversion {
    public static func message<T: ProtobufConvertible>(
        _ message: T.Protobuf, at field: String
    ) throws(ProtoJSONError) -> T {
        do { return try T(protobuf: message) } catch { throw error.inside(field) }
    }

    public static func messages<T: ProtobufConvertible>(
        _ messages: [T.Protobuf], at field: String
    ) throws(ProtoJSONError) -> [T] {
        var values: [T] = []
        values.reserveCapacity(messages.count)
        for (index, message) in messages.enumerated() {
            do { values.append(try T(protobuf: message)) } catch { throw error.inside("[\(index)]").inside(field) }
        }
        return values
    }

    /// An enum value by number; a number FleetModel does not know is refused, as the strict JSON reader does.
    public static func enumValue<E: ProtoEnum, P: SwiftProtobuf.Enum>(
        _ value: P, at field: String
    ) throws(ProtoJSONError) -> E {
        guard let number = Int32(exactly: value.rawValue), let known = E(rawValue: number) else {
            throw ProtoJSONError(path: field, message: "unknown \(E.self) value \(value.rawValue)")
        }
        return known
    }

    public static func enumValues<E: ProtoEnum, P: SwiftProtobuf.Enum>(
        _ values: [P], at field: String
    ) throws(ProtoJSONError) -> [E] {
        var known: [E] = []
        known.reserveCapacity(values.count)
        for (index, value) in values.enumerated() { known.append(try enumValue(value, at: "\(field)[\(index)]")) }
        return known
    }

    /// Every FleetModel enum value has a number protobuf's open enums accept.
    public static func protobufEnum<P: SwiftProtobuf.Enum, E: ProtoEnum>(_ value: E) -> P {
        P(rawValue: Int(value.rawValue))!
    }
}

extension ProtoJSONError {
    /// The same failure seen from the message holding `field`: `pickupPoint.point` becomes
    /// `trip.pickupPoint.point`, and an index joins without a dot (`waypoints[2].eta`).
    func inside(_ field: String) -> ProtoJSONError {
        let joined = path.isEmpty ? field : path.hasPrefix("[") ? field + path : field + "." + path
        return ProtoJSONError(path: joined, message: message)
    }
}

// The well-known types FleetModel holds as the JSON engine's own types.

extension ProtoTimestamp: ProtobufConvertible {
    public init(protobuf: Google_Protobuf_Timestamp) throws(ProtoJSONError) {
        do {
            try self.init(validatingSeconds: protobuf.seconds, nanos: protobuf.nanos)
        } catch {
            throw ProtoJSONError(path: "", message: error.description)
        }
    }

    public var protobuf: Google_Protobuf_Timestamp { Google_Protobuf_Timestamp(seconds: seconds, nanos: nanos) }
}

extension ProtoDuration: ProtobufConvertible {
    public init(protobuf: Google_Protobuf_Duration) throws(ProtoJSONError) {
        do {
            try self.init(validatingSeconds: protobuf.seconds, nanos: protobuf.nanos)
        } catch {
            throw ProtoJSONError(path: "", message: error.description)
        }
    }

    public var protobuf: Google_Protobuf_Duration { Google_Protobuf_Duration(seconds: seconds, nanos: nanos) }
}

/// protobuf's paths are snake_case, proto3 JSON's (and so FleetModel's) lowerCamelCase.
extension ProtoFieldMask: ProtobufConvertible {
    /// Refuses a path protobuf cannot spell in proto3 JSON and back (`tripStatus`, `trip__status`): protobuf's paths
    /// are snake_case field names, and Google's converters refuse the others rather than guess.
    public init(protobuf: Google_Protobuf_FieldMask) throws(ProtoJSONError) {
        let paths = protobuf.paths.map(Self.jsonPath)
        for (path, json) in zip(protobuf.paths, paths) where Self.protoPath(json) != path {
            throw ProtoJSONError(
                path: "", message: "'\(path)' is not a field path in snake_case, as protobuf spells one (trip_status)")
        }
        self.init(paths: paths)
    }
    public var protobuf: Google_Protobuf_FieldMask { Google_Protobuf_FieldMask(protoPaths: paths.map(Self.protoPath)) }
}

extension EmptyMessage: ProtobufConvertible {
    public init(protobuf: Google_Protobuf_Empty) { self.init() }
    public var protobuf: Google_Protobuf_Empty { Google_Protobuf_Empty() }
}
