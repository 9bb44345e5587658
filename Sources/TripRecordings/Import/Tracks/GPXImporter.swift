import FleetModel
import Foundation
import TrackFormats

/// Imports a GPS track — GPX 1.1 (or 1.0), plain or gzip-compressed — as a trip recording that replays like a
/// followed Fleet Engine trip.
///
/// All track points of all `<trk>`/`<trkseg>` are one drive, in document order, and each needs a `<time>`. Waypoints
/// named or typed `pickup`/`dropoff` (any case) place the trip's pickup and dropoff, else the first and last track
/// points do; other named waypoints the track passes between them are intermediate destinations. How the points
/// become trips is ``TrackTripBuilder``'s job, shared with ``GeoJSONImporter``.
public enum GPXImporter {
    /// Whether the data (possibly gzip-compressed) is an XML document whose root element is `<gpx>`.
    public static func looksLikeGPX(_ data: Data) -> Bool {
        let data = Gzip.isCompressed(data) ? ((try? Gzip.decompress(data, path: "")) ?? Data()) : data
        return XMLSniffer.rootElementName(data) == "gpx"
    }

    /// Reads the track; `path` names the file in errors and in the recording's source.
    public static func recording(from data: Data, path: String, tripName: TripName) throws(InputError) -> TripRecording
    {
        let data = Gzip.isCompressed(data) ? try Gzip.decompress(data, path: path) : data
        let content = try GPXReader.read(data, path: path)
        if content.points.isEmpty {
            if let route = content.firstRoute {
                let at = SourceText(data).tagStart(line: route.line, characterColumn: route.column)
                throw InputError(
                    path: path, line: at.line, column: at.column,
                    message:
                        "the file has a route (<rte>) but no track: route points have no times, and tripterm needs a recorded track (<trk> with timed <trkpt>) to replay"
                )
            }
            throw InputError(
                path: path, message: "no track points (<trkpt>): tripterm needs a recorded track to replay")
        }
        if let index = content.points.firstTimeRegression {
            let tag =
                content.pointTags.indices.contains(index)
                ? SourceText(data).tagStart(
                    line: content.pointTags[index].line, characterColumn: content.pointTags[index].column) : nil
            throw InputError(
                path: path, line: tag?.line, column: tag?.column,
                message:
                    "track point time \(content.points[index].time) is before the previous point's (\(content.points[index - 1].time)): tripterm needs points in time order"
            )
        }
        let builder = TrackTripBuilder(
            tripName: tripName, source: "GPX track \(fileName(path))", created: content.created)
        return builder.recording(points: content.points, waypoints: content.waypoints)
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
