import FleetModel

/// The first line of a trip file.
struct TripFileHeader: ProtoMessage {
    var format: String
    var version: Int32
    var trip: String
    var source: String
    var created: ProtoTimestamp?
    var generator: String

    init(
        format: String = TripFileFormat.name, version: Int32 = Int32(TripFileFormat.version), trip: String,
        source: String, created: ProtoTimestamp?, generator: String
    ) {
        self.format = format
        self.version = version
        self.trip = trip
        self.source = source
        self.created = created
        self.generator = generator
    }

    init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    init<F: ProtoFieldSource>(fields r: F) throws {
        created = try r("created")
        format = try r("format", default: "")
        generator = try r("generator", default: "")
        source = try r("source", default: "")
        trip = try r("trip", default: "")
        version = try r("version", default: 0)
    }

    func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("created", created)
        try w.put("format", format)
        try w.put("generator", generator)
        try w.put("source", source)
        try w.put("trip", trip)
        try w.put("version", version)
    }
}

/// One event line: `time` and exactly one of `snapshot`, `failure`, `note`.
struct TripFileEventLine: ProtoMessage {
    var time: ProtoTimestamp?
    var snapshot: Trip?
    var failure: TripFileFailure?
    var note: String?

    init(time: ProtoTimestamp?, snapshot: Trip?, failure: TripFileFailure? = nil, note: String?) {
        self.time = time
        self.snapshot = snapshot
        self.failure = failure
        self.note = note
    }

    init(_ event: TripEvent) {
        time = event.time
        switch event.kind {
        case .snapshot(let trip): snapshot = trip
        case .failure(let error): failure = TripFileFailure(error)
        case .note(let text): note = text
        }
    }

    init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    init<F: ProtoFieldSource>(fields r: F) throws {
        failure = try r("failure")
        note = try r("note")
        snapshot = try r("snapshot")
        time = try r("time")
    }

    func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("failure", failure)
        try w.put("note", note)
        try w.put("snapshot", snapshot)
        try w.put("time", time)
    }

    /// The event, or why the line is not one.
    func event() -> Result<TripEvent, ProtoJSONError> {
        guard let time else { return .failure(ProtoJSONError(path: "time", message: "required field is missing")) }
        let kinds = [snapshot != nil, failure != nil, note != nil].filter { $0 }.count
        guard kinds == 1 else {
            return .failure(
                ProtoJSONError(path: "", message: "expected exactly one of snapshot, failure, note (found \(kinds))"))
        }
        if let snapshot { return .success(.snapshot(snapshot, at: time)) }
        if let note { return .success(.note(note, at: time)) }
        guard let failure, let error = failure.error() else {
            return .failure(
                ProtoJSONError(path: "failure.code", message: "unknown status code \"\(failure?.code ?? "")\""))
        }
        return .success(.failure(error, at: time))
    }
}

/// A recorded failure: the code by name, its class (for people and `jq`; recomputed on reading), and the details a
/// ``TripServiceError`` carries.
struct TripFileFailure: ProtoMessage {
    var code: String
    var errorClass: String
    var message: String
    var httpStatus: Int32?
    var retryAfter: ProtoDuration?
    var transport: String?

    init(_ error: TripServiceError) {
        code = error.code.name
        errorClass = error.errorClass.rawValue
        message = error.message
        httpStatus = error.httpStatus.map { Int32(clamping: $0) }
        retryAfter = error.retryAfter.map(ProtoDuration.init)
        transport = error.transport?.rawValue
    }

    func error() -> TripServiceError? {
        guard let code = StatusCode(name: code) else { return nil }
        return TripServiceError(
            code: code, message: message, httpStatus: httpStatus.map(Int.init), retryAfter: retryAfter?.duration,
            transport: transport.flatMap(TransportFailure.init(rawValue:)))
    }

    init(from decoder: any Decoder) throws { try self.init(fields: ProtoReader(decoder)) }

    init<F: ProtoFieldSource>(fields r: F) throws {
        errorClass = try r("class", default: "")
        code = try r("code", default: "")
        httpStatus = try r("httpStatus")
        message = try r("message", default: "")
        retryAfter = try r("retryAfter")
        transport = try r("transport")
    }

    func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
        try w.put("class", errorClass)
        try w.put("code", code)
        try w.put("httpStatus", httpStatus)
        try w.put("message", message)
        try w.put("retryAfter", retryAfter)
        try w.put("transport", transport)
    }
}
