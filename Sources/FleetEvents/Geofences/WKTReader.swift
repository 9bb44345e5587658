import FleetModel

/// Reads a geofence's area from Traccar's flavour of WKT, latitude first:
/// - `CIRCLE (lat lon, radius_m)`;
/// - `POLYGON ((lat lon, lat lon, lat lon, …))`: one ring of at least three vertices, closed or not, no holes, not
///   crossing itself;
/// - `LINESTRING (lat lon, lat lon, …)`, optionally followed by the corridor's half width in metres (25 by default,
///   Traccar's): `LINESTRING (43.73 7.42, 43.74 7.43) 40`.
///
/// Keywords are case-insensitive. Every problem is an error naming the column.
enum WKTReader {
    /// Traccar's default corridor half width.
    static let defaultCorridorMeters = 25.0

    static func shape(_ text: String) throws(GeofenceError) -> Geofence.Shape {
        var scanner = Scanner(text)
        let keyword = scanner.word().uppercased()
        switch keyword {
        case "CIRCLE":
            try scanner.expect("(")
            let center = try scanner.point()
            try scanner.expect(",")
            let radius = try scanner.number("a radius in metres")
            try scanner.expect(")")
            try scanner.end()
            guard radius > 0, radius.isFinite else { throw GeofenceError("CIRCLE's radius must be above 0 metres") }
            return .circle(center: center, radiusMeters: radius)
        case "POLYGON":
            try scanner.expect("(")
            let listed = try scanner.pointList()
            if scanner.peek() == "," {
                throw GeofenceError("POLYGON with holes (a second ring at column \(scanner.column)) is not supported")
            }
            try scanner.expect(")")
            try scanner.end()
            // Repeated vertices are one vertex.
            var ring = listed.enumerated().filter { $0.offset == 0 || $0.element != listed[$0.offset - 1] }.map(
                \.element)
            if ring.count > 1, ring.first == ring.last { ring.removeLast() }
            guard Set(ring.map { [$0.latitude, $0.longitude] }).count >= 3 else {
                throw GeofenceError("POLYGON needs at least 3 distinct vertices")
            }
            if let edges = Self.crossing(ring) {
                throw GeofenceError("POLYGON crosses itself: edge \(edges.0 + 1) meets edge \(edges.1 + 1)")
            }
            return .polygon(ring)
        case "LINESTRING":
            let line = try scanner.pointList()
            var width = defaultCorridorMeters
            if scanner.peek() != nil {
                width = try scanner.number("the corridor's half width in metres")
                guard width > 0, width.isFinite else {
                    throw GeofenceError("LINESTRING's corridor width must be above 0 metres")
                }
            }
            try scanner.end()
            guard line.count >= 2 else { throw GeofenceError("LINESTRING needs at least 2 points") }
            return .corridor(line, halfWidthMeters: width)
        case "":
            throw GeofenceError("expected CIRCLE, POLYGON or LINESTRING, found nothing")
        default:
            throw GeofenceError("expected CIRCLE, POLYGON or LINESTRING, found \"\(keyword)\"")
        }
    }

    /// The first two edges of the closed ring that meet, other than neighbours at their shared vertex.
    static func crossing(_ ring: [LatLng]) -> (Int, Int)? {
        let n = ring.count
        func edge(_ i: Int) -> (LatLng, LatLng) { (ring[i], ring[(i + 1) % n]) }
        for i in 0..<n {
            for j in (i + 1)..<n where j != i + 1 && !(i == 0 && j == n - 1) {
                let (a, b) = edge(i)
                let (c, d) = edge(j)
                if segmentsMeet(a, b, c, d) { return (i, j) }
            }
        }
        // Neighbouring edges meet beyond their shared vertex only when they fold back onto each other.
        for i in 0..<n {
            let (a, b) = edge(i)
            let (_, c) = edge((i + 1) % n)
            if orientation(a, b, c) == 0, onSegment(c, a, b) || onSegment(a, b, c) {
                return (i, (i + 1) % n)
            }
        }
        return nil
    }

    /// Sign of the turn a → b → c on the latitude/longitude plane (0: collinear).
    static func orientation(_ a: LatLng, _ b: LatLng, _ c: LatLng) -> Int {
        let value =
            (b.longitude - a.longitude) * (c.latitude - a.latitude) - (b.latitude - a.latitude)
            * (c.longitude - a.longitude)
        return value > 0 ? 1 : value < 0 ? -1 : 0
    }

    /// Whether `q`, collinear with `p`–`r`, lies on that segment.
    static func onSegment(_ q: LatLng, _ p: LatLng, _ r: LatLng) -> Bool {
        min(p.latitude, r.latitude) <= q.latitude && q.latitude <= max(p.latitude, r.latitude)
            && min(p.longitude, r.longitude) <= q.longitude && q.longitude <= max(p.longitude, r.longitude)
    }

    static func segmentsMeet(_ a: LatLng, _ b: LatLng, _ c: LatLng, _ d: LatLng) -> Bool {
        let (o1, o2, o3, o4) = (orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b))
        if o1 != o2, o3 != o4 { return true }
        return (o1 == 0 && onSegment(c, a, b)) || (o2 == 0 && onSegment(d, a, b))
            || (o3 == 0 && onSegment(a, c, d)) || (o4 == 0 && onSegment(b, c, d))
    }

    /// The text, one token at a time, with the column of the next one for messages.
    struct Scanner {
        private let characters: [Character]
        private var index = 0

        init(_ text: String) { characters = Array(text) }

        var column: Int { index + 1 }

        mutating func skipSpaces() {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
        }

        /// The next character that is not a space, without taking it.
        mutating func peek() -> Character? {
            skipSpaces()
            return index < characters.count ? characters[index] : nil
        }

        mutating func word() -> String {
            skipSpaces()
            var word = ""
            while index < characters.count, characters[index].isLetter {
                word.append(characters[index])
                index += 1
            }
            return word
        }

        mutating func expect(_ symbol: Character) throws(GeofenceError) {
            guard peek() == symbol else {
                throw GeofenceError("expected '\(symbol)' at column \(column), found \(found)")
            }
            index += 1
        }

        mutating func end() throws(GeofenceError) {
            guard peek() == nil else { throw GeofenceError("unexpected \(found) at column \(column)") }
        }

        var found: String {
            index < characters.count ? "'\(characters[index])'" : "the end"
        }

        mutating func number(_ what: String) throws(GeofenceError) -> Double {
            skipSpaces()
            let start = index
            while index < characters.count, characters[index].isNumber || "+-.eE".contains(characters[index]) {
                index += 1
            }
            guard let value = Double(String(characters[start..<index])), value.isFinite else {
                index = start
                throw GeofenceError("expected \(what) at column \(column), found \(found)")
            }
            return value
        }

        /// `lat lon`, each in range.
        mutating func point() throws(GeofenceError) -> LatLng {
            _ = peek()
            let latitudeColumn = column
            let latitude = try number("a latitude")
            let longitude = try number("a longitude")
            guard (-90...90).contains(latitude) else {
                throw GeofenceError(
                    "latitude \(latitude) at column \(latitudeColumn) is outside -90...90 (latitude comes first)")
            }
            guard (-180...180).contains(longitude) else {
                throw GeofenceError("longitude \(longitude) is outside -180...180")
            }
            return LatLng(latitude: latitude, longitude: longitude)
        }

        /// `(lat lon, lat lon, …)`.
        mutating func pointList() throws(GeofenceError) -> [LatLng] {
            try expect("(")
            var points = [try point()]
            while peek() == "," {
                index += 1
                points.append(try point())
            }
            try expect(")")
            return points
        }
    }
}
