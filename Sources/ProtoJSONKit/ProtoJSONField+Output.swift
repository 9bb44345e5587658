// How each field type writes itself straight into bytes (see ProtoJSONOutput): the bytes its `encodeProtoJSON(to:)`
// gives through JSONEncoder, without it.

extension ProtoJSONField {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { try out.writeEncoded(self) }
}

extension ProtoMessage {
    public func encode(to encoder: any Encoder) throws {
        var w = ProtoWriter(encoder)
        try writeFields(to: &w)
    }

    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { try out.writeMessage(self) }
}

extension String {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { out.writeString(self) }
}

extension Bool {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { out.writeBool(self) }
}

extension Int32 {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { out.writeInteger(self) }
}

extension Int64 {
    /// As a string, like `encodeProtoJSON(to:)`.
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { out.writeQuotedInteger(self) }
}

extension Double {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws {
        if isNaN {
            out.writeJSON("\"NaN\"".utf8)
        } else if isInfinite {
            out.writeJSON(self < 0 ? "\"-Infinity\"".utf8 : "\"Infinity\"".utf8)
        } else {
            out.writeNumber(self)
        }
    }
}

extension Float {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { try Double(self).writeProtoJSON(to: &out) }
}

extension ProtoEnum {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws {
        if out.options.enumsAsIntegers {
            out.writeInteger(rawValue)
        } else {
            out.writeString(protoName)
        }
    }
}

extension ProtoTimestamp {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws {
        out.writeQuoted { appendRFC3339(to: &$0) }
    }
}

extension ProtoDuration {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { out.writeQuoted { appendProtoText(to: &$0) } }
}

extension ProtoFieldMask {
    public func writeProtoJSON(to out: inout ProtoJSONOutput) throws { out.writeString(text) }
}
