/// Writes a Fleet Engine message as Cloud Logging logs it: compact JSON with the log's field names and enum spellings
/// — the exact inverse of what the importer reads (``LogSchema/decode(_:from:)``), from the same tables.
///
/// It walks the message's own field list (``ProtoMessage/writeFields(to:)``), so every enum of every message is seen
/// as the typed value it is: one with Cloud Logging aliases is written as its alias (``ProtoEnum/logSpelling``),
/// any other by its API name, as the API writes it. Field names are renamed by the message's ``LogSchema``; every
/// other value is written by ``ProtoJSONOutput``, byte for byte as the API writes it.
///
/// ```swift
/// let json = try LogJSONWriter.bytes(of: vehicle, schema: .vehicle)   // {"state":"VEHICLE_STATE_ONLINE",…}
/// ```
public struct LogJSONWriter: ProtoFieldWriter {
    public private(set) var bytes: [UInt8] = []
    private let schema: LogSchema
    private var atFirstMember = true
    /// Writing a request's own fields: its resource is named by id, as request logs name it (``request(_:)``).
    private let isRequest: Bool
    /// The request's `providers/{provider}`, from its `name` or `parent`.
    private var provider: String?
    /// The request's top-level ids (`tripId`, `vehicleId`, `deliveryVehicleId`, `taskId`, `trackingId`).
    private var ids: [String: String] = [:]

    init(schema: LogSchema, isRequest: Bool = false) {
        self.schema = schema
        self.isRequest = isRequest
    }

    /// `message`'s fields as a JSON object, in log spelling.
    public static func bytes(of message: any ProtoMessage, schema: LogSchema) throws -> [UInt8] {
        var writer = LogJSONWriter(schema: schema)
        try writer.writeObject(message)
        return writer.bytes
    }

    /// A request as Fleet Engine's request logs hold it (`UpdateVehicleRequestLog`): the resource it names by id
    /// (`vehicleId`) in place of its `name`, no `parent`, the rest in log spelling.
    public static func request(_ request: any ProtoMessage) throws -> LoggedRequest {
        var writer = LogJSONWriter(schema: .call, isRequest: true)
        writer.bytes.append(UInt8(ascii: "{"))
        // The Deliveries API's updates name their resource inside it (`task.name`), not beside it.
        let inner: String? =
            switch request {
            case let update as UpdateTaskRequest: update.task?.name
            case let update as UpdateDeliveryVehicleRequest: update.deliveryVehicle?.name
            default: nil
            }
        if let inner, !inner.isEmpty { _ = writer.requestMember("name", inner) }
        try request.writeFields(to: &writer)
        writer.bytes.append(UInt8(ascii: "}"))
        return LoggedRequest(json: writer.bytes, provider: writer.provider, ids: writer.ids)
    }

    /// A request's log JSON, and what the entry around it is labelled with.
    public struct LoggedRequest: Sendable {
        public var json: [UInt8]
        /// The provider (the Google Cloud project) the request's resource belongs to, when it names one.
        public var provider: String?
        /// Its top-level ids by field (`tripId` → `t1`), including the one its `name` became.
        public var ids: [String: String]
    }

    /// The id field a resource name's collection becomes in a request log (`providers/p/trips/t1` → `tripId`).
    static let idFields = [
        "trips": "tripId", "vehicles": "vehicleId", "deliveryVehicles": "deliveryVehicleId", "tasks": "taskId",
        "taskTrackingInfo": "trackingId",
    ]

    private mutating func writeObject(_ message: any ProtoMessage) throws {
        bytes.append(UInt8(ascii: "{"))
        atFirstMember = true
        try message.writeFields(to: &self)
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T) throws {
        guard !value.isProtoDefault else { return }
        let field = "\(name)"
        if isRequest, let text = value as? String, requestMember(field, text) { return }
        key(schema.logName(of: field))
        try write(value, schema: schema.fields[field])
    }

    public mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T?) throws {
        guard let value else { return }
        let field = "\(name)"
        key(schema.logName(of: field))
        try write(value, schema: schema.fields[field])
    }

    public mutating func put<T: ProtoJSONField>(_ name: StaticString, _ values: [T]) throws {
        guard !values.isEmpty else { return }
        let field = "\(name)"
        key(schema.logName(of: field))
        bytes.append(UInt8(ascii: "["))
        for index in values.indices {
            if index != values.startIndex { bytes.append(UInt8(ascii: ",")) }
            try write(values[index], schema: schema.fields[field])
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func write<T: ProtoJSONField>(_ value: T, schema inner: LogSchema?) throws {
        if let message = value as? any ProtoMessage {
            bytes += try Self.bytes(of: message, schema: inner ?? .plain)
            return
        }
        var out = ProtoJSONOutput()
        if let value = value as? any ProtoEnum {
            out.writeString(value.logSpelling)
        } else {
            try value.writeProtoJSON(to: &out)
        }
        bytes += out.bytes
    }

    /// A top-level string of a request: `parent` is left out and `name` becomes the id it ends with (true: done);
    /// ids are noted for the entry's labels.
    private mutating func requestMember(_ field: String, _ text: String) -> Bool {
        guard field == "name" || field == "parent" else {
            if field.hasSuffix("Id") { ids[field] = text }
            return false
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 2, parts[0] == "providers" { provider = parts[1] }
        guard field == "name" else { return true }
        guard parts.count == 4, let idField = Self.idFields[parts[2]] else { return false }
        ids[idField] = parts[3]
        key(idField)
        var out = ProtoJSONOutput()
        out.writeString(parts[3])
        bytes += out.bytes
        return true
    }

    /// A member's key (field names are plain ASCII: nothing to escape) and the comma before it.
    private mutating func key(_ name: String) {
        if atFirstMember {
            atFirstMember = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(UInt8(ascii: "\""))
        bytes += name.utf8
        bytes += "\":".utf8
    }
}
