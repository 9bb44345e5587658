/// Google's Encoded Polyline Algorithm Format, as used by the Directions/Routes APIs and the Maps
/// SDKs (`overview_polyline`, `Route.polyline.encodedPolyline`, static-map `enc:` paths).
///
/// It is here for interoperability with those APIs and for drawing: Fleet Engine's own route fields
/// (`currentRouteSegment`, `encodedPathToWaypoint`) are base64 S2 polylines and need `S2Polyline`.
///
/// Each coordinate is rounded to `precision` decimal places (5 by default, 6 for some APIs),
/// delta-encoded against the previous point, zigzag-folded (shift left one, invert if negative),
/// split into 5-bit chunks least significant first with 0x20 on every chunk but the last, and
/// offset by 63 into the printable range `?`...`~`.
public enum GooglePolyline {
    /// Largest supported `precision`; 10^15 still represents every integer exactly as a Double.
    static let maximumPrecision = 15
    /// Largest absolute scaled value the encoder emits, so deltas and their zigzag form fit in 64 bits.
    static let maximumScaledValue: Int64 = 1 << 60

    /// Encodes points with `precision` decimal places (0...15). Each coordinate is rounded on its own
    /// (half away from zero) and only then differenced, so rounding errors never accumulate.
    /// Non-finite coordinates encode as 0.
    public static func encode(_ points: [LatLng], precision: Int = 5) -> String {
        precondition((0...maximumPrecision).contains(precision), "polyline precision must be in 0...15")
        let factor = scale(precision)
        var output: [UInt8] = []
        output.reserveCapacity(points.count * 8)
        var previousLatitude: Int64 = 0
        var previousLongitude: Int64 = 0
        for point in points {
            let latitude = scaled(point.latitude, factor)
            let longitude = scaled(point.longitude, factor)
            append(latitude - previousLatitude, to: &output)
            append(longitude - previousLongitude, to: &output)
            previousLatitude = latitude
            previousLongitude = longitude
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes an encoded polyline with `precision` decimal places (0...15).
    /// Throws for characters outside `?`...`~`, a value cut off by the end of the string, an odd
    /// number of values, and values that overflow 64 bits.
    public static func decode(_ encoded: String, precision: Int = 5) throws(PolylineError) -> [LatLng] {
        guard (0...maximumPrecision).contains(precision) else {
            throw PolylineError(.google, .invalidPrecision(precision), at: 0)
        }
        let factor = scale(precision)
        let characters = Array(encoded.utf8)
        var points: [LatLng] = []
        points.reserveCapacity(characters.count / 4)
        var index = 0
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        while index < characters.count {
            let latitudeDelta = try readValue(characters, &index)
            guard index < characters.count else {
                throw PolylineError(.google, .oddValueCount, at: index)
            }
            let longitudeStart = index
            let longitudeDelta = try readValue(characters, &index)
            let (newLatitude, latitudeOverflow) = latitude.addingReportingOverflow(latitudeDelta)
            let (newLongitude, longitudeOverflow) = longitude.addingReportingOverflow(longitudeDelta)
            guard !latitudeOverflow, !longitudeOverflow else {
                throw PolylineError(.google, .overflow, at: longitudeStart)
            }
            latitude = newLatitude
            longitude = newLongitude
            points.append(LatLng(latitude: Double(latitude) / factor, longitude: Double(longitude) / factor))
        }
        return points
    }

    // MARK: Helpers

    private static func scale(_ precision: Int) -> Double {
        var factor = 1.0
        for _ in 0..<precision { factor *= 10 }
        return factor
    }

    private static func scaled(_ value: Double, _ factor: Double) -> Int64 {
        let rounded = (value * factor).rounded(.toNearestOrAwayFromZero)
        guard rounded.isFinite else { return 0 }
        let limit = Double(maximumScaledValue)
        return Int64(min(max(rounded, -limit), limit))
    }

    private static func append(_ delta: Int64, to output: inout [UInt8]) {
        var value = delta < 0 ? ~(UInt64(bitPattern: delta) << 1) : UInt64(bitPattern: delta) << 1
        while value >= 0x20 {
            output.append(UInt8(truncatingIfNeeded: (value & 0x1F) | 0x20) + 63)
            value >>= 5
        }
        output.append(UInt8(truncatingIfNeeded: value) + 63)
    }

    /// Reads one zigzag-folded value starting at `index`, leaving `index` after it.
    private static func readValue(_ characters: [UInt8], _ index: inout Int) throws(PolylineError) -> Int64 {
        let start = index
        var result: UInt64 = 0
        var shift = 0
        while true {
            guard index < characters.count else {
                throw PolylineError(.google, .truncatedValue, at: start)
            }
            let character = characters[index]
            guard (63...126).contains(character) else {
                throw PolylineError(.google, .invalidCharacter(character), at: index)
            }
            let chunk = UInt64(character - 63)
            index += 1
            // Twelve chunks fill 60 bits; a 13th may add only 4 more, and there is no room for a 14th.
            guard shift <= 55 || (shift == 60 && chunk & 0x1F < 0x10) else {
                throw PolylineError(.google, .overflow, at: start)
            }
            result |= (chunk & 0x1F) << shift
            shift += 5
            if chunk < 0x20 { break }
        }
        let magnitude = Int64(bitPattern: result >> 1)
        return result & 1 != 0 ? ~magnitude : magnitude
    }
}
