import TrackFormats

/// Why a road-map or OpenStreetMap file cannot be used, said the way compilers say it (`monaco.osm:12: …`,
/// `monaco.roadmap: offset 1234: …`) so a person can go straight to the problem.
public struct RoadMapError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// 1-based line in a text (XML) file, when the problem is on one.
    public var line: Int?
    /// Byte offset in a binary file, when the problem is at one.
    public var offset: Int?
    public var message: String

    public init(path: String, line: Int? = nil, offset: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.offset = offset
        self.message = message
    }

    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        if let offset { return "\(path): offset \(offset): \(message)" }
        return "\(path): \(message)"
    }
}

extension RoadMapError {
    /// Runs a read of the file's bytes (TrackFormats' chunk sources, gzip), its errors said as road-map errors.
    static func reading<T>(_ body: () throws(InputError) -> T) throws(RoadMapError) -> T {
        do {
            return try body()
        } catch {
            throw RoadMapError(path: error.path, line: error.line, message: error.message)
        }
    }
}
