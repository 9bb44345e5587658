/// What an NMEA reader made of its input, so a user can tell a noisy serial line from a silent receiver.
public struct NMEAStatistics: Hashable, Sendable {
    /// Non-empty lines read.
    public var lines = 0
    /// Fixes produced.
    public var fixes = 0
    /// Sentences whose checksum did not match, or that had none.
    public var badChecksums = 0
    /// Lines that are not NMEA, or RMC/GGA sentences with unreadable fields.
    public var malformed = 0
    /// Valid sentences of other types (GSV, VTG…).
    public var ignored = 0
    /// Valid RMC/GGA sentences reporting no fix (status V, quality 0).
    public var withoutFix = 0

    public init() {}

    /// Lines skipped as bad: checksum failures and malformed lines.
    public var skipped: Int { badChecksums + malformed }
}
