import FleetModel
import TripFollowing
import TripRecordings

/// The table `replay --list` prints: one row per trip, with the vehicles it was assigned to (what `--vehicle` takes).
enum TripListing {
    static func table(_ recordings: [TripRecording]) -> String {
        var rows = [["TRIP", "VEHICLE", "STATUS PATH", "FROM", "TO", "UPDATES"]]
        for r in recordings {
            let span = r.timeSpan
            var vehicles: [String] = []
            for snapshot in r.snapshots where !snapshot.trip.vehicleId.isEmpty {
                if !vehicles.contains(snapshot.trip.vehicleId) { vehicles.append(snapshot.trip.vehicleId) }
            }
            rows.append([
                r.tripName.tripID,
                vehicles.isEmpty ? "-" : vehicles.joined(separator: ","),
                r.statusPath.map(\.protoName).joined(separator: " → "),
                span.map { $0.lowerBound.rfc3339 } ?? "-",
                span.map { $0.upperBound.rfc3339 } ?? "-",
                String(r.snapshots.count),
            ])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }
            .joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
