import FleetModel
import Foundation

/// An `updateMask` (`google.protobuf.FieldMask`): the top-level fields an Update call replaces.
///
/// REST clients send it as one comma-separated query parameter in lowerCamelCase (`vehicleId,tripStatus`);
/// snake_case paths are accepted too, as gRPC clients spell them. Paths are normalised to lowerCamelCase.
public struct FieldMask: Hashable, Sendable {
    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }

    /// Parses the query parameter; an empty or missing mask is INVALID_ARGUMENT because Update calls need one.
    public init(parsing text: String?) throws(FleetError) {
        let raw = (text ?? "").split(ascii: UInt8(ascii: ","), omittingEmptySubsequences: false).map(Self.trimmed)
        guard let text, !text.isEmpty else {
            throw .invalidArgument("updateMask is required: name the fields to update")
        }
        var paths: [String] = []
        for path in raw {
            guard !path.isEmpty else { throw .invalidArgument("updateMask \"\(text)\" has an empty path") }
            paths.append(ProtoFieldMask.jsonPath(path))
        }
        self.paths = paths
    }

    public func contains(_ path: String) -> Bool { paths.contains(path) }

    /// Checks every path against the message's fields; `known` holds the message's lowerCamelCase field names.
    public func validate(against known: Set<String>, message: String) throws(FleetError) {
        for path in paths {
            let top = path.split(ascii: UInt8(ascii: ".")).first.map(String.init) ?? path
            guard known.contains(top) else {
                throw .invalidArgument("updateMask path \"\(path)\" is not a field of \(message)")
            }
            guard top == path else {
                throw .invalidArgument(
                    "updateMask path \"\(path)\": only top-level fields of \(message) can be updated")
            }
        }
    }

    /// A path without the whitespace around it. Byte by byte when it is ASCII, whose only whitespace is spaces and
    /// tabs: Foundation's `trimmingCharacters(in:)` was a twentieth of every vehicle report's cost (2026-11-27).
    static func trimmed(_ path: Substring) -> String {
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else { return path.trimmingCharacters(in: .whitespaces) }
        return Authenticator.trimmingBlanks(String(path))
    }
}
