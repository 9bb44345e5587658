/// The one way log entries' member names are compared, whichever way an export spells them.
///
/// Exports spell keys as the API does (`jsonPayload`, `currentRouteSegment`, `trip_id`) or all lower-case
/// (`jsonpayload`, `currentroutesegment`, `tripid`). The importer folds each entry once, as it is parsed — every key
/// lower-cased and stripped of underscores — and from then on speaks only folded names; ``LogSchema`` and
/// ``LogMethod`` fold their own names the same way to meet it. `ProtoReader`'s `caseInsensitiveKeys` mode folds the
/// same way, so folded payloads decode as Fleet Engine messages without a second mapping.
public enum LogKeyFolding {
    /// `currentRouteSegment`, `current_route_segment` and `currentroutesegment` all become `currentroutesegment`.
    public static func fold(_ key: String) -> String {
        String(String.UnicodeScalarView(key.unicodeScalars.lazy.filter { $0 != "_" })).lowercased()
    }
}
