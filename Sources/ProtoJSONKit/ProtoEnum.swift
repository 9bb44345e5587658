import Foundation

/// A proto enum: written as its name (proto3 JSON's canonical form) or as its number when the encoder asks for
/// `enumsAsIntegers`; read from either.
public protocol ProtoEnum: ProtoJSONField, CaseIterable, Hashable, RawRepresentable where RawValue == Int32 {
    /// The value's name as the `.proto` file spells it, e.g. `ENROUTE_TO_PICKUP`.
    var protoName: String { get }
    /// Other spellings accepted on input, such as Cloud Logging's `TRIP_STATUS_NEW`.
    static var protoAliases: [String: Self] { get }
}

extension ProtoEnum {
    public static var protoAliases: [String: Self] { [:] }

    /// The zero value every proto3 enum has, meaning "unspecified".
    public static var unspecified: Self { Self(rawValue: 0)! }

    /// The value with this proto name or alias.
    public init?(protoName: String) {
        var name = protoName
        if let value = name.withUTF8(Self.init(protoNameBytes:)) ?? Self.protoAliases[protoName] {
            self = value
        } else {
            return nil
        }
    }

    /// The value whose proto name (not an alias) is spelled by these bytes, found without making a `String`.
    init?(protoNameBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return nil }
        for value in Self.allCases {
            let name = value.protoName.utf8
            guard name.count == bytes.count else { continue }
            let same = name.withContiguousStorageIfAvailable { name in
                memcmp(name.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
            if same ?? name.elementsEqual(bytes) {
                self = value
                return
            }
        }
        return nil
    }

    public init(protoJSON decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let lenient = decoder.protoDecodingOptions.lenientEnums
        if let number = try? c.decode(Int32.self) {
            if let value = Self(rawValue: number) {
                self = value
            } else if lenient {
                self = .unspecified
            } else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "unknown \(Self.self) value \(number)")
            }
            return
        }
        let name = try c.decode(String.self)
        if let value = Self(protoName: name) {
            self = value
        } else if lenient {
            self = .unspecified
        } else {
            let known = Self.allCases.map(\.protoName).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "unknown \(Self.self) value \"\(name)\" (expected one of \(known))")
        }
    }

    public func encodeProtoJSON(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if encoder.protoEncodingOptions.enumsAsIntegers {
            try c.encode(rawValue)
        } else {
            try c.encode(protoName)
        }
    }

    public var isProtoDefault: Bool { rawValue == 0 }
}
