import FleetModel

/// Writes a trip recording as a GPX 1.1 document, so a recorded or imported trip opens in QGIS, GPXSee, JOSM….
///
/// The vehicle's positions (see ``RecordedTrack``) are one `<trk>` with one `<trkseg>`: each `<trkpt>` has its
/// `<time>` to the nanosecond, `<ele>` when the altitude is known, and speed (m/s) and course (degrees) in Garmin's
/// TrackPointExtension v2, which GPS software reads and ``GPXImporter`` reads back. The stops are `<wpt>` elements
/// named and typed `pickup`, `stop 1`…, `dropoff`, so importing the file again gives the same trip.
public enum GPXWriter {
    static let namespace = "http://www.topografix.com/GPX/1/1"
    static let trackPointExtension = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"

    public static func gpx(for recording: TripRecording) -> String {
        let track = RecordedTrack(recording)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tripterm" xmlns="\(namespace)" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:gpxtpx="\(trackPointExtension)" \
            xsi:schemaLocation="\(namespace) http://www.topografix.com/GPX/1/1/gpx.xsd \
            \(trackPointExtension) https://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd">

            """
        out += "  <metadata>\n"
        out += "    <name>\(text(recording.tripName.description))</name>\n"
        if !recording.source.isEmpty { out += "    <desc>\(text(recording.source))</desc>\n" }
        if let created = recording.created { out += "    <time>\(created.rfc3339)</time>\n" }
        out += "  </metadata>\n"
        for stop in track.stops {
            out += "  <wpt \(coordinates(stop.location))>"
            if let time = stop.time { out += "<time>\(time.rfc3339)</time>" }
            out += "<name>\(text(stop.name))</name><type>\(text(stop.type))</type></wpt>\n"
        }
        if !track.fixes.isEmpty {
            out += "  <trk>\n"
            out += "    <name>\(text(recording.tripName.description))</name>\n"
            out += "    <trkseg>\n"
            for fix in track.fixes { out += "      " + trackPoint(fix) + "\n" }
            out += "    </trkseg>\n"
            out += "  </trk>\n"
        }
        out += "</gpx>\n"
        return out
    }

    private static func trackPoint(_ fix: RecordedTrack.Fix) -> String {
        var out = "<trkpt \(coordinates(fix.location))>"
        if let altitude = fix.altitude { out += "<ele>\(DecimalText.format(altitude))</ele>" }
        out += "<time>\(fix.time.rfc3339)</time>"
        if fix.speed != nil || fix.heading != nil {
            out += "<extensions><gpxtpx:TrackPointExtension>"
            if let speed = fix.speed { out += "<gpxtpx:speed>\(DecimalText.format(speed))</gpxtpx:speed>" }
            if let heading = fix.heading { out += "<gpxtpx:course>\((heading % 360 + 360) % 360)</gpxtpx:course>" }
            out += "</gpxtpx:TrackPointExtension></extensions>"
        }
        return out + "</trkpt>"
    }

    private static func coordinates(_ point: LatLng) -> String {
        "lat=\"\(DecimalText.format(point.latitude))\" lon=\"\(DecimalText.format(point.longitude))\""
    }

    private static func text(_ value: String) -> String { XMLEscaping.escape(value) }
}
