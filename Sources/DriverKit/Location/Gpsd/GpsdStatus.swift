/// How a gpsd source is doing, for the driver console and the logs.
public struct GpsdStatus: Hashable, Sendable {
    /// Connections made (the first plus every reconnection).
    public var connections = 0
    /// TPV reports that became fixes.
    public var fixes = 0
    /// Lines that were not gpsd JSON.
    public var unreadableLines = 0
    /// Whether a connection is open now.
    public var isConnected = false
    /// Why the last connection failed or ended.
    public var lastError: String?

    public init() {}
}
