import TrackFormats

extension RecordingLoader {
    /// The timeline `--vehicle` asks for: every trip of the file assigned to the vehicle named by id (or a unique id
    /// prefix), on one clock (see ``VehicleTimeline``).
    ///
    /// - Throws: ``InputError`` when no vehicle or several match, naming the vehicles the file has and their trips.
    public static func vehicleTimeline(
        _ loaded: Loaded, vehicle: String, path: String
    ) throws(InputError)
        -> TripRecording
    {
        let vehicles = VehicleTimeline.vehicles(in: loaded.recordings)
        guard !vehicles.isEmpty else {
            throw InputError(
                path: path, message: "no trip in the file is assigned to a vehicle, so none can be replayed")
        }
        let exact = vehicles.filter { $0.vehicleId == vehicle }
        let matches = exact.isEmpty ? vehicles.filter { $0.vehicleId.hasPrefix(vehicle) } : exact
        guard matches.count == 1, let match = matches.first,
            let timeline = VehicleTimeline.recording(of: match.vehicleId, in: loaded.recordings)
        else {
            let listed = (matches.isEmpty ? vehicles : matches).map { vehicle in
                "\(vehicle.vehicleId) (trips \(vehicle.trips.map(\.tripName.tripID).joined(separator: ", ")))"
            }
            .joined(separator: "; ")
            throw InputError(
                path: path,
                message: matches.isEmpty
                    ? "no vehicle \"\(vehicle)\" in the file; it has: \(listed)"
                    : "\"\(vehicle)\" matches \(matches.count) vehicles: \(listed)")
        }
        return timeline
    }
}
