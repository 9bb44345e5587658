import TrackFormats

extension RecordingLoader {
    /// The recordings a command over many trips should use: every one, or those `--trip` names by id, full name or
    /// id prefix, as ``select(_:trip:path:)`` matches them — possibly none, so that a trip can be looked for in
    /// several files.
    ///
    /// - Throws: ``InputError`` when `trip` matches several trips of the file.
    public static func matching(_ loaded: Loaded, trip: String?, path: String) throws(InputError) -> [TripRecording] {
        guard let trip else { return loaded.recordings }
        let matches = loaded.recordings.filter {
            $0.tripName.tripID == trip || $0.tripName.description == trip || $0.tripName.tripID.hasPrefix(trip)
        }
        guard matches.count <= 1 else {
            let ids = matches.map(\.tripName.tripID).joined(separator: ", ")
            throw InputError(path: path, message: "\"\(trip)\" matches \(matches.count) trips: \(ids)")
        }
        return matches
    }
}
