import FleetModel
import Foundation
import TrackFormats

@testable import TripFollowing

/// GPX and GeoJSON texts written from track points, for tests that need an input of a particular shape.
enum TrackDocuments {
    /// A GPX 1.1 document with one `<trkseg>` per segment and named waypoints before the track.
    static func gpx(_ segments: [[TrackPoint]], waypoints: [(name: String, location: LatLng)] = []) -> String {
        var out =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        for waypoint in waypoints {
            out +=
                "  <wpt lat=\"\(waypoint.location.latitude)\" lon=\"\(waypoint.location.longitude)\"><name>\(waypoint.name)</name></wpt>\n"
        }
        out += "  <trk>\n"
        for segment in segments {
            out += "    <trkseg>\n"
            for point in segment {
                out +=
                    "      <trkpt lat=\"\(point.location.latitude)\" lon=\"\(point.location.longitude)\"><time>\(point.time.rfc3339)</time></trkpt>\n"
            }
            out += "    </trkseg>\n"
        }
        out += "  </trk>\n</gpx>\n"
        return out
    }

    /// A FeatureCollection with the points as a LineString, times as RFC 3339 strings (or epoch milliseconds), and
    /// named Point features.
    static func geoJSON(
        _ points: [TrackPoint], waypoints: [(name: String, location: LatLng)] = [], epochMilliseconds: Bool = false
    ) -> String {
        let times = points.map { point in
            epochMilliseconds
                ? "\(point.time.seconds * 1000 + Int64(point.time.nanos / 1_000_000))" : "\"\(point.time.rfc3339)\""
        }
        let coordinates = points.map { "[\($0.location.longitude), \($0.location.latitude)]" }
        var features = [
            "{\"type\": \"Feature\", \"properties\": {\"coordinateProperties\": {\"times\": [\(times.joined(separator: ", "))]}}, "
                + "\"geometry\": {\"type\": \"LineString\", \"coordinates\": [\(coordinates.joined(separator: ", "))]}}"
        ]
        for waypoint in waypoints {
            features.append(
                "{\"type\": \"Feature\", \"properties\": {\"name\": \"\(waypoint.name)\"}, "
                    + "\"geometry\": {\"type\": \"Point\", \"coordinates\": [\(waypoint.location.longitude), \(waypoint.location.latitude)]}}"
            )
        }
        return "{\"type\": \"FeatureCollection\", \"features\": [\n" + features.joined(separator: ",\n") + "\n]}\n"
    }
}
