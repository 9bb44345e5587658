import DriverKit
import FleetModel
import Foundation
import TrackFormats

// The position inputs of `tripterm driver`: `--gpx FILE`, `--nmea FILE` and gpsd's JSON reports. Every fix they
// produce goes to Fleet Engine in UpdateVehicle, so it must be a real position.

extension FuzzTarget {
    static let driverGPX = FuzzTarget(name: "driver-gpx", summary: "GPXLocationSource.read (GPXTrackParser)") { data in
        guard let fixes = try? GPXLocationSource.read(path: ScratchFile.holding(data)) else { return }
        invariant(!fixes.isEmpty, "a GPX track read without error has no fixes")
        checkFixes(fixes, "GPX")
        invariant(zip(fixes, fixes.dropFirst()).allSatisfy { $0.time <= $1.time }, "GPX fixes are not in time order")
    }

    static let nmea = FuzzTarget(name: "nmea", summary: "NMEALocationSource.read, NMEAParser, GpsdReport.parse") {
        data in
        if let (fixes, _) = try? NMEALocationSource.read(path: ScratchFile.holding(data)) {
            checkFixes(fixes, "NMEA")
        }
        // gpsd sends one JSON object a line; the same bytes make a stream of reports.
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            _ = try? NMEAParser.parse(line)
            if let fix = GpsdReport.parse(line)?.fix(now: Date(timeIntervalSince1970: 1_700_000_000)) {
                checkFixes([fix], "gpsd")
            }
        }
    }

    private static func checkFixes(_ fixes: [LocationFix], _ source: String) {
        for fix in fixes {
            let c = fix.coordinate
            invariant(
                (-90...90).contains(c.latitude) && (-180...180).contains(c.longitude),
                "\(source) fix outside the globe: \(c)")
            for (name, value) in [("heading", fix.heading), ("speed", fix.speed), ("accuracy", fix.accuracy)] {
                invariant(value.map(\.isFinite) ?? true, "\(source) fix with a non-finite \(name)")
            }
        }
    }
}
