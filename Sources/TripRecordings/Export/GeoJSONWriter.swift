import FleetModel

/// Writes a trip recording as a GeoJSON FeatureCollection, so a recorded or imported trip opens in geojson.io, QGIS,
/// or any web map.
///
/// The vehicle's positions (see ``RecordedTrack``) are one LineString feature named after the trip, with a time per
/// coordinate in `properties.coordinateProperties.times` (RFC 3339, the convention of geojson.io and togeojson) and,
/// when known, `speeds` (m/s) and `headings` (degrees) beside it; coordinates are `[longitude, latitude]`, with the
/// altitude third when known. The stops are Point features named and typed `pickup`, `stop 1`…, `dropoff`, so
/// ``GeoJSONImporter`` gives the same trip back. One feature per line keeps diffs readable.
public enum GeoJSONWriter {
    public static func geoJSON(for recording: TripRecording) -> String {
        let track = RecordedTrack(recording)
        var features: [String] = []
        if !track.fixes.isEmpty { features.append(lineFeature(track.fixes, recording: recording)) }
        for stop in track.stops { features.append(pointFeature(stop)) }
        var out = "{\"type\": \"FeatureCollection\", \"features\": [\n"
        out += features.map { "  " + $0 }.joined(separator: ",\n")
        out += features.isEmpty ? "]}\n" : "\n]}\n"
        return out
    }

    private static func lineFeature(_ fixes: [RecordedTrack.Fix], recording: TripRecording) -> String {
        var coordinateProperties = [
            "\"times\": [" + fixes.map { JSONStringEscaping.quote($0.time.rfc3339) }.joined(separator: ", ") + "]"
        ]
        if fixes.contains(where: { $0.speed != nil }) {
            coordinateProperties.append(
                "\"speeds\": [" + fixes.map { $0.speed.map(DecimalText.format) ?? "null" }.joined(separator: ", ") + "]"
            )
        }
        if fixes.contains(where: { $0.heading != nil }) {
            coordinateProperties.append(
                "\"headings\": ["
                    + fixes.map { $0.heading.map { "\(($0 % 360 + 360) % 360)" } ?? "null" }.joined(separator: ", ")
                    + "]")
        }
        var properties = ["\"name\": \(JSONStringEscaping.quote(recording.tripName.description))"]
        if !recording.source.isEmpty { properties.append("\"source\": \(JSONStringEscaping.quote(recording.source))") }
        if let created = recording.created {
            properties.append("\"created\": \(JSONStringEscaping.quote(created.rfc3339))")
        }
        properties.append("\"coordinateProperties\": {" + coordinateProperties.joined(separator: ", ") + "}")
        let coordinates = fixes.map { position($0.location, altitude: $0.altitude) }.joined(separator: ", ")
        return "{\"type\": \"Feature\", \"properties\": {" + properties.joined(separator: ", ")
            + "}, \"geometry\": {\"type\": \"LineString\", \"coordinates\": [" + coordinates + "]}}"
    }

    private static func pointFeature(_ stop: RecordedTrack.Stop) -> String {
        var properties = [
            "\"name\": \(JSONStringEscaping.quote(stop.name))", "\"type\": \(JSONStringEscaping.quote(stop.type))",
        ]
        if let time = stop.time { properties.append("\"time\": \(JSONStringEscaping.quote(time.rfc3339))") }
        return "{\"type\": \"Feature\", \"properties\": {" + properties.joined(separator: ", ")
            + "}, \"geometry\": {\"type\": \"Point\", \"coordinates\": " + position(stop.location, altitude: nil) + "}}"
    }

    private static func position(_ point: LatLng, altitude: Double?) -> String {
        var numbers = [DecimalText.format(point.longitude), DecimalText.format(point.latitude)]
        if let altitude { numbers.append(DecimalText.format(altitude)) }
        return "[" + numbers.joined(separator: ", ") + "]"
    }
}
