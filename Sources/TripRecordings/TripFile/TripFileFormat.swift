/// Constants of the trip file format (docs/trip-file.md): JSON Lines, a header, then one event per line.
public enum TripFileFormat {
    /// The header's `format` value, which also identifies the format when sniffing.
    public static let name = "tripterm-trip"
    /// The version this build writes. Readers accept files of the same major version.
    public static let version = 1
    /// The conventional extension.
    public static let fileExtension = "jsonl"
}
