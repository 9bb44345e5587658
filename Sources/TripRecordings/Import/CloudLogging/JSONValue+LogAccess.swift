import FleetModel

/// Typed reads of a log entry's JSON, for the few envelope fields the importer needs before it decodes a payload.
/// Prefixed `log…` so that they cannot clash with other readers' helpers in this module.
extension JSONValue {
    /// The string, or nil for any other kind of value.
    var logString: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The members of an object, or nil for any other kind of value.
    var logObject: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The items of an array, or nil for any other kind of value.
    var logArray: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// A non-empty string member of an object (members are looked up by folded name).
    func logText(_ foldedKey: String) -> String? {
        guard let text = self[foldedKey]?.logString, !text.isEmpty else { return nil }
        return text
    }
}
