import FleetModel
import Foundation
import TrackFormats

/// Imports a GeoJSON track — a LineString Feature with `properties.coordinateProperties.times`, as geojson.io and
/// togeojson write a GPS track — as a trip recording that replays like a followed Fleet Engine trip.
///
/// Coordinates are `[longitude, latitude(, elevation)]`; Point features named or typed `pickup`/`dropoff` place the
/// trip's pickup and dropoff (else the first and last coordinates do), and other named Points the track passes
/// between them are intermediate destinations. See ``GeoJSONTrackReader`` for what is read and
/// ``TrackTripBuilder`` for how the points become trips (shared with ``GPXImporter``).
public enum GeoJSONImporter {
    /// How much of the file to look at when sniffing.
    static let sniffLength = 65_536

    /// Whether the data (possibly gzip-compressed) is a JSON object that mentions GeoJSON's Feature or LineString
    /// types near its start.
    public static func looksLikeGeoJSON(_ data: Data) -> Bool {
        let data = Gzip.isCompressed(data) ? ((try? Gzip.decompress(data, path: "")) ?? Data()) : data
        var text = Substring(String(decoding: data.prefix(sniffLength), as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        guard text.drop(while: \.isWhitespace).first == "{", text.contains("\"type\"") else { return false }
        return ["\"FeatureCollection\"", "\"Feature\"", "\"LineString\"", "\"MultiLineString\""].contains {
            text.contains($0)
        }
    }

    /// Reads the track; `path` names the file in errors and in the recording's source.
    public static func recording(from data: Data, path: String, tripName: TripName) throws(InputError) -> TripRecording
    {
        let data = Gzip.isCompressed(data) ? try Gzip.decompress(data, path: path) : data
        let root = try JSONDocument.parse(data, path: path)
        let track = try GeoJSONTrackReader(path: path, source: SourceText(data)).read(root)
        let builder = TrackTripBuilder(
            tripName: tripName, source: "GeoJSON \(GPXImporter.fileName(path))", created: track.created)
        return builder.recording(points: track.points, waypoints: track.waypoints)
    }
}
