/// Where the Cloud Logging entry behind an event sits in its export: enough to read the entry again when someone
/// asks to see it (the replay's event table), without keeping its text. See ``LogExportSource``.
public struct LogEntryLocation: Sendable, Hashable {
    /// The entry's bytes, as offsets from the start of the export (after gunzipping).
    public var bytes: Range<Int>
    /// Restricted Use twins merged into the entry (see the importer), whose members complete its payload.
    public var twins: [Range<Int>]
    /// The Fleet Engine call it records: `CreateTrip`, `UpdateTrip`, `UpdateVehicle`.
    public var call: String
    public var insertId: String
    /// Its position in the export (0-based, as `jq '.[17]'` counts) and, for JSON Lines, its line.
    public var index: Int
    public var line: Int?

    public init(
        bytes: Range<Int>, twins: [Range<Int>] = [], call: String, insertId: String, index: Int, line: Int? = nil
    ) {
        self.bytes = bytes
        self.twins = twins
        self.call = call
        self.insertId = insertId
        self.index = index
        self.line = line
    }
}
