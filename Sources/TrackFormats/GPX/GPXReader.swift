import FleetModel
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Streams a GPX 1.0 or 1.1 document through Foundation's `XMLParser` into a ``GPXContent``, stopping at the first
/// problem with its `line:column`: the one GPX reader, for replay (tracks become trips) and for the driver (points
/// become location fixes).
///
/// Elements are matched by local name whatever their namespace, so GPX 1.0, 1.1 and files with a wrong or missing
/// namespace read alike. Required data (a point's `lat`, `lon` and `<time>`) must be valid; optional data (`<ele>`,
/// speed, course) that does not parse as a number is ignored, since loggers put all sorts of things there.
public final class GPXReader: NSObject, XMLParserDelegate {
    private let path: String
    private let data: Data
    private var content = GPXContent()
    private var failure: InputError?

    private struct OpenElement {
        var name: String
        var position: GPXContent.RawPosition
    }

    private struct PendingPoint {
        /// `trkpt` or `rtept`.
        var element: String
        var location: LatLng
        var tag: GPXContent.RawPosition
        /// The depth of the `<trkpt>` in the element stack.
        var depth: Int
        var time: ProtoTimestamp?
        var elevation: Double?
        var speed: Double?
        var course: Double?
    }

    private struct PendingWaypoint {
        var location: LatLng
        var depth: Int
        var name = ""
        var type: String?
    }

    private var stack: [OpenElement] = []
    private var text = ""
    private var point: PendingPoint?
    private var waypoint: PendingWaypoint?
    private var sawRoot = false

    private init(data: Data, path: String) {
        self.data = data
        self.path = path
    }

    /// Reads the whole document.
    public static func read(_ data: Data, path: String) throws(InputError) -> GPXContent {
        if let refusal = XMLDeclaredEncoding.refusal(data) { throw InputError(path: path, line: 1, message: refusal) }
        let reader = GPXReader(data: data, path: path)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let finished = parser.parse()
        parser.delegate = nil
        if let failure = reader.failure { throw failure }
        if !finished || parser.parserError != nil {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw reader.malformed(code: code, line: parser.lineNumber, column: parser.columnNumber)
        }
        guard reader.sawRoot else { throw InputError(path: path, message: "empty file: expected a GPX document") }
        return reader.content
    }

    // MARK: - XMLParserDelegate

    public func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        let position = GPXContent.RawPosition(line: parser.lineNumber, column: parser.columnNumber)
        let name = elementName
        stack.append(OpenElement(name: name, position: position))
        text = ""
        if stack.count == 1 {
            sawRoot = true
            guard name == "gpx" else {
                return fail(
                    parser, at: position,
                    "not a GPX document: the root element is <\(qualifiedName ?? name)>, expected <gpx>")
            }
        }
        switch name {
        case "trkpt" where point == nil, "rtept" where point == nil:
            guard let location = location(attributes, element: name, at: position, parser) else { return }
            point = PendingPoint(element: name, location: location, tag: position, depth: stack.count)
        case "wpt" where stack.count == 2 && waypoint == nil:
            guard let location = location(attributes, element: name, at: position, parser) else { return }
            waypoint = PendingWaypoint(location: location, depth: stack.count)
        case "rte":
            if content.firstRoute == nil { content.firstRoute = position }
        default:
            break
        }
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    public func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    public func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        guard failure == nil, let element = stack.popLast() else { return }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        text = ""
        let parent = stack.last?.name
        if var pending = point {
            if elementName == pending.element && stack.count + 1 == pending.depth {
                point = nil
                guard let time = pending.time else {
                    // A route's points are planned, not recorded, and usually have no time: only timed ones count.
                    guard pending.element == "trkpt" else { return }
                    return fail(parser, at: pending.tag, "track point has no <time>: tripterm needs timed points")
                }
                let timed = TrackPoint(
                    location: pending.location, time: time, elevation: pending.elevation, speed: pending.speed,
                    course: pending.course)
                if pending.element == "trkpt" {
                    content.points.append(timed)
                    content.pointTags.append(pending.tag)
                } else {
                    content.routePoints.append(timed)
                }
                return
            }
            switch elementName {
            case "time" where parent == pending.element:
                do {
                    pending.time = try TrackTime.parse(value)
                } catch {
                    return fail(parser, at: element.position, "invalid <time>: \(error)")
                }
            case "ele" where parent == pending.element:
                pending.elevation = Self.number(value)
            // GPX 1.0 has <speed> and <course> in <trkpt>; GPX 1.1 files carry them in extensions (Garmin's
            // TrackPointExtension v2, OsmAnd…), at any depth.
            case "speed":
                pending.speed = Self.number(value) ?? pending.speed
            case "course":
                pending.course = Self.number(value) ?? pending.course
            default:
                break
            }
            point = pending
            return
        }
        if var pending = waypoint {
            if elementName == "wpt" && stack.count + 1 == pending.depth {
                let type = pending.type.flatMap { $0.isEmpty ? nil : $0 }
                if !pending.name.isEmpty || type != nil {
                    content.waypoints.append(TrackWaypoint(name: pending.name, type: type, location: pending.location))
                }
                waypoint = nil
                return
            }
            if parent == "wpt" && elementName == "name" { pending.name = value }
            if parent == "wpt" && elementName == "type" { pending.type = value }
            waypoint = pending
            return
        }
        if elementName == "time" && (parent == "metadata" || (parent == "gpx" && stack.count == 1)) {
            content.created = try? TrackTime.parse(value)
        }
    }

    public func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        failure = malformed(code: (parseError as NSError).code, line: parser.lineNumber, column: parser.columnNumber)
        parser.abortParsing()
    }

    // MARK: - Helpers

    /// A `lat`/`lon` attribute pair, or nil after failing.
    private func location(
        _ attributes: [String: String], element: String, at position: GPXContent.RawPosition, _ parser: XMLParser
    ) -> LatLng? {
        func coordinate(_ name: String, range: ClosedRange<Double>) -> Double? {
            guard let text = attributes[name] else {
                fail(parser, at: position, "<\(element)> has no \(name) attribute")
                return nil
            }
            guard let value = Self.number(text), range.contains(value) else {
                fail(
                    parser, at: position,
                    "<\(element)> \(name)=\"\(text)\" is not a \(name == "lat" ? "latitude" : "longitude") in degrees (\(Int(range.lowerBound)) to \(Int(range.upperBound)))"
                )
                return nil
            }
            return value
        }
        guard let latitude = coordinate("lat", range: -90...90), let longitude = coordinate("lon", range: -180...180)
        else {
            return nil
        }
        return LatLng(latitude: latitude, longitude: longitude)
    }

    /// A finite decimal number, or nil.
    private static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), value.isFinite else {
            return nil
        }
        return value
    }

    private func fail(_ parser: XMLParser, at position: GPXContent.RawPosition, _ message: String) {
        guard failure == nil else { return }
        let tag = SourceText(data).tagStart(line: position.line, characterColumn: position.column)
        failure = InputError(path: path, line: tag.line, column: tag.column, message: message)
        parser.abortParsing()
    }

    /// The error for a document that is not well-formed XML, naming the element left open when that is the problem.
    private func malformed(code: Int, line: Int, column: Int) -> InputError {
        let source = SourceText(data)
        // libxml2 reports a mismatched closing tag just after it; point at its '<' instead.
        let at =
            code == XMLErrorText.tagMismatch
            ? source.tagStart(line: line, characterColumn: column - 1)
            : source.position(line: line, characterColumn: column)
        var message = XMLErrorText.describe(code)
        if let open = stack.last {
            let opened = source.tagStart(line: open.position.line, characterColumn: open.position.column)
            if code == XMLErrorText.tagMismatch {
                message = "closing tag does not match <\(open.name)> opened at \(opened.line):\(opened.column)"
            } else if XMLErrorText.unclosedCodes.contains(code) {
                message = "the file ends before <\(open.name)> opened at \(opened.line):\(opened.column) is closed"
            }
        }
        return InputError(path: path, line: at.line, column: at.column, message: "malformed XML: \(message)")
    }
}
