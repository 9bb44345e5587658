import FleetModel
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the timed points of a GPX file (`trkpt`, else `rtept`): position, `time`, `ele`, and GPX 1.0's `course`
/// and `speed` when present.
///
/// A few dozen lines rather than TripFollowing's `GPXReader`: that one builds trips (stops, statuses) and is internal
/// to TripFollowing, and DriverKit should not depend on the rider's module for a point list.
enum GPXTrackParser {
    static func parse(_ data: Data, path: String) throws(LocationSourceError) -> [LocationFix] {
        if let refusal = XMLDeclaredEncoding.refusal(data) { throw LocationSourceError("\(path):1: \(refusal)") }
        let delegate = Delegate(path: path)
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        // On Linux parse() can return true for a truncated document while reporting the error: check both.
        let ok = parser.parse()
        if let problem = delegate.problem { throw problem }
        if let error = delegate.xmlError {
            throw LocationSourceError("\(path):\(error.line): not well-formed XML (libxml2 error \(error.code))")
        }
        guard ok else { throw LocationSourceError("\(path):\(parser.lineNumber): not well-formed XML") }
        let points = delegate.trackPoints.isEmpty ? delegate.routePoints : delegate.trackPoints
        guard !points.isEmpty else { throw LocationSourceError("\(path): no <trkpt> or <rtept> with a <time>") }
        return points.sorted { $0.time < $1.time }
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        let path: String
        var trackPoints: [LocationFix] = []
        var routePoints: [LocationFix] = []
        var problem: LocationSourceError?
        var xmlError: (line: Int, code: Int)?
        private var current: (kind: String, coordinate: LatLng, line: Int)?
        private var fields: [String: String] = [:]
        private var text = ""

        init(path: String) { self.path = path }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            text = ""
            guard name == "trkpt" || name == "rtept" else { return }
            guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init),
                  (-90...90).contains(lat), (-180...180).contains(lon)
            else {
                fail(parser, "<\(name)> needs lat in [-90, 90] and lon in [-180, 180]")
                return
            }
            current = (name, LatLng(latitude: lat, longitude: lon), parser.lineNumber)
            fields = [:]
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let point = current else { return }
            if name == point.kind {
                current = nil
                guard let stamp = fields["time"] else { return fail(parser, "<\(name)> has no <time>", line: point.line) }
                guard let time = try? ProtoTimestamp(rfc3339: stamp).date else {
                    return fail(parser, "<time> \"\(stamp)\" is not an ISO 8601 time", line: point.line)
                }
                let fix = LocationFix(
                    coordinate: point.coordinate, heading: fields["course"].flatMap(Double.init),
                    speed: fields["speed"].flatMap(Double.init), altitude: fields["ele"].flatMap(Double.init),
                    sensor: .gps, time: time)
                if name == "trkpt" { trackPoints.append(fix) } else { routePoints.append(fix) }
            } else {
                fields[name] = text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if xmlError == nil { xmlError = (parser.lineNumber, (parseError as NSError).code) }
            // Stop at the first error: libxml2 would recover and hand FoundationXML a comment that is not UTF-8,
            // which traps (found by the driver-gpx fuzzer).
            parser.abortParsing()
        }

        private func fail(_ parser: XMLParser, _ message: String, line: Int? = nil) {
            if problem == nil { problem = LocationSourceError("\(path):\(line ?? parser.lineNumber): \(message)") }
            parser.abortParsing()
        }
    }
}
