import FleetModel
import Foundation

/// Finds the track in a GeoJSON document: one Feature (alone or in a FeatureCollection) with a LineString geometry
/// and a time for each coordinate in `properties.coordinateProperties.times` — RFC 3339 strings or epoch
/// milliseconds, as geojson.io and togeojson write them (`properties.coordTimes`, older togeojson, is read too).
///
/// A MultiLineString (togeojson's multi-segment track) is one drive, its lines in order, with times per line or
/// flat. Optional `coordinateProperties.speeds` (m/s) and `headings` (degrees), as ``GeoJSONWriter`` writes them, are
/// used when they line up with the coordinates. Point features whose `properties.name` (or `type`) is set are the
/// waypoints. Errors name the JSON path (`features[0].properties.coordinateProperties.times[3]`) and, when the key
/// occurs once in the file, its line.
public struct GeoJSONTrackReader {
    let path: String
    let source: SourceText

    public init(path: String, source: SourceText) {
        self.path = path
        self.source = source
    }

    public func read(_ root: JSONValue) throws(InputError) -> GeoJSONTrack {
        guard case .object = root else { throw fail("", "expected a GeoJSON object (a Feature or FeatureCollection)") }
        var features: [(path: String, value: JSONValue)] = []
        switch root["type"] {
        case .string("FeatureCollection"):
            guard case .array(let items) = root["features"] else {
                throw fail("features", "expected an array of features", key: "features")
            }
            features = items.enumerated().map { ("features[\($0.offset)]", $0.element) }
        case .string("Feature"):
            features = [("", root)]
        case .string("LineString"), .string("MultiLineString"):
            throw fail(
                "",
                "a bare \(root.string("type") ?? "LineString") has no times: put it in a Feature with properties.coordinateProperties.times"
            )
        case .string(let other):
            throw fail(
                "type", "GeoJSON \(other) holds no track: expected a Feature or FeatureCollection with a LineString")
        default:
            throw fail("type", "not GeoJSON: expected \"type\": \"Feature\" or \"FeatureCollection\"")
        }

        var tracks: [(path: String, value: JSONValue)] = []
        var track = GeoJSONTrack()
        for feature in features {
            switch feature.value["geometry"]?["type"] {
            case .string("LineString"), .string("MultiLineString"): tracks.append(feature)
            case .string("Point"):
                if let waypoint = try waypoint(feature.value, path: feature.path) { track.waypoints.append(waypoint) }
            default: continue
            }
        }
        guard let (trackPath, feature) = tracks.first else {
            throw fail(
                "",
                "no LineString feature: tripterm needs a track with a time for each coordinate (properties.coordinateProperties.times)"
            )
        }
        guard tracks.count == 1 else {
            throw fail(
                "",
                "\(tracks.count) LineString features (\(tracks.map(\.path).joined(separator: ", "))): tripterm replays one track, keep only one"
            )
        }
        track.points = try points(feature, path: trackPath)
        track.created = feature["properties"]?.string("created").flatMap { try? TrackTime.parse($0) }
        return track
    }

    // MARK: - The track

    private func points(_ feature: JSONValue, path featurePath: String) throws(InputError) -> [TrackPoint] {
        let geometryPath = join(featurePath, "geometry")
        let isMulti = feature["geometry"]?["type"] == .string("MultiLineString")
        guard case .array(let rawLines) = feature["geometry"]?["coordinates"] else {
            throw fail(join(geometryPath, "coordinates"), "expected an array of positions", key: "coordinates")
        }
        var lines: [[JSONValue]] = []
        if isMulti {
            for (i, line) in rawLines.enumerated() {
                guard case .array(let positions) = line else {
                    throw fail(join(geometryPath, "coordinates[\(i)]"), "expected an array of positions")
                }
                lines.append(positions)
            }
        } else {
            lines = [rawLines]
        }
        var locations: [(LatLng, Double?)] = []
        for (l, line) in lines.enumerated() {
            for (i, position) in line.enumerated() {
                let at = join(geometryPath, isMulti ? "coordinates[\(l)][\(i)]" : "coordinates[\(i)]")
                locations.append(try self.position(position, path: at))
            }
        }
        let count = locations.count
        guard count > 0 else {
            throw fail(
                join(geometryPath, "coordinates"), "no positions: tripterm needs a recorded track to replay",
                key: "coordinates")
        }

        let propertiesPath = join(featurePath, "properties")
        let coordinateProperties = feature["properties"]?["coordinateProperties"]
        let timesKey: String
        let timesValue: JSONValue
        if let value = coordinateProperties?["times"] {
            (timesKey, timesValue) = ("coordinateProperties.times", value)
        } else if let value = feature["properties"]?["coordTimes"] {
            (timesKey, timesValue) = ("coordTimes", value)
        } else {
            throw fail(
                join(propertiesPath, "coordinateProperties.times"),
                "missing: tripterm needs a time for each coordinate (RFC 3339 strings or epoch milliseconds), as geojson.io and togeojson write them",
                key: "coordinateProperties")
        }
        let timesPath = join(propertiesPath, timesKey)
        guard let times = flattened(timesValue, perLine: isMulti) else {
            throw fail(
                timesPath, "expected an array with one time per coordinate\(isMulti ? " (or one array per line)" : "")",
                key: "times")
        }
        guard times.count == count else {
            throw fail(
                timesPath, "has \(times.count) times for \(count) coordinates: tripterm needs one time per coordinate",
                key: "times")
        }
        let speeds = optionalNumbers(coordinateProperties?["speeds"], perLine: isMulti, count: count)
        let headings = optionalNumbers(coordinateProperties?["headings"], perLine: isMulti, count: count)

        var points: [TrackPoint] = []
        points.reserveCapacity(count)
        for i in 0..<count {
            let time = try self.time(times[i], path: "\(timesPath)[\(i)]")
            if let previous = points.last, time < previous.time {
                throw fail(
                    "\(timesPath)[\(i)]",
                    "\(time) is before the previous time (\(previous.time)): tripterm needs points in time order",
                    key: "times")
            }
            points.append(
                TrackPoint(
                    location: locations[i].0, time: time, elevation: locations[i].1, speed: speeds?[i],
                    course: headings?[i]))
        }
        return points
    }

    /// `[lng, lat]` or `[lng, lat, ele]` (further numbers are ignored).
    private func position(_ value: JSONValue, path: String) throws(InputError) -> (LatLng, Double?) {
        guard case .array(let numbers) = value, numbers.count >= 2,
            case .number(let longitude) = numbers[0], case .number(let latitude) = numbers[1],
            (-180...180).contains(longitude), (-90...90).contains(latitude)
        else {
            throw fail(
                path,
                "expected a position [longitude, latitude] or [longitude, latitude, elevation] in degrees and metres")
        }
        var elevation: Double?
        if numbers.count > 2, case .number(let e) = numbers[2], e.isFinite { elevation = e }
        return (LatLng(latitude: latitude, longitude: longitude), elevation)
    }

    /// An RFC 3339 string or epoch milliseconds.
    private func time(_ value: JSONValue, path: String) throws(InputError) -> ProtoTimestamp {
        switch value {
        case .string(let text):
            do {
                return try TrackTime.parse(text.trimmingCharacters(in: .whitespaces))
            } catch {
                throw fail(path, "\(error)", key: "times")
            }
        case .number(let milliseconds):
            guard let time = Self.timestamp(epochMilliseconds: milliseconds) else {
                throw fail(
                    path, "\(milliseconds) is not a time in epoch milliseconds between years 1 and 9999", key: "times")
            }
            return time
        default:
            throw fail(path, "expected an RFC 3339 string (2026-01-01T08:00:00Z) or epoch milliseconds", key: "times")
        }
    }

    static func timestamp(epochMilliseconds ms: Double) -> ProtoTimestamp? {
        guard ms.isFinite, ms >= -62_135_596_800_000, ms < 253_402_300_800_000 else { return nil }
        let seconds = (ms / 1000).rounded(.down)
        let nanos = min(max(((ms - seconds * 1000) * 1_000_000).rounded(), 0), 999_999_999)
        return ProtoTimestamp(seconds: Int64(seconds), nanos: Int32(nanos))
    }

    /// One value per coordinate: a flat array, or for a MultiLineString also one array per line.
    private func flattened(_ value: JSONValue, perLine: Bool) -> [JSONValue]? {
        guard case .array(let items) = value else { return nil }
        let lines = items.compactMap { item -> [JSONValue]? in if case .array(let inner) = item { inner } else { nil } }
        return perLine && !items.isEmpty && lines.count == items.count ? lines.flatMap { $0 } : items
    }

    /// Numbers (or nulls) lined up with the coordinates, or nil when absent or not lined up.
    private func optionalNumbers(_ value: JSONValue?, perLine: Bool, count: Int) -> [Double?]? {
        guard let value, let items = flattened(value, perLine: perLine), items.count == count else { return nil }
        return items.map { item in if case .number(let n) = item, n.isFinite { n } else { nil } }
    }

    // MARK: - Waypoints

    private func waypoint(_ feature: JSONValue, path: String) throws(InputError) -> TrackWaypoint? {
        let name = feature["properties"]?.string("name")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let type = feature["properties"]?.string("type")?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty || !(type ?? "").isEmpty else { return nil }
        guard let coordinates = feature["geometry"]?["coordinates"] else {
            throw fail(join(path, "geometry.coordinates"), "missing: a Point needs [longitude, latitude]")
        }
        let (location, _) = try position(coordinates, path: join(path, "geometry.coordinates"))
        return TrackWaypoint(name: name, type: type?.isEmpty == true ? nil : type, location: location)
    }

    // MARK: - Errors

    private func join(_ base: String, _ member: String) -> String { base.isEmpty ? member : "\(base).\(member)" }

    /// An error at a JSON path, placed at `"key"` in the file when that key occurs exactly once.
    private func fail(_ jsonPath: String, _ message: String, key: String? = nil) -> InputError {
        let at = key.flatMap { source.uniqueKeyPosition($0) }
        return InputError(
            path: path, line: at?.line, column: at?.column,
            message: jsonPath.isEmpty ? message : "\(jsonPath): \(message)")
    }
}

extension JSONValue {
    /// The string member `key` of an object, or nil.
    fileprivate func string(_ key: String) -> String? {
        if case .string(let text) = self[key] { text } else { nil }
    }
}
