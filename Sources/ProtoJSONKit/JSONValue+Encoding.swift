import Foundation

extension JSONValue {
    /// A message as its proto3 JSON tree (`null` if it cannot be encoded), for printers that nest Fleet Engine
    /// messages inside lines of their own.
    public init(protoJSONOf value: some Encodable) {
        guard let data = try? ProtoJSON.encode(value) else {
            self = .null
            return
        }
        self = (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? .null
    }
}
