/// Why a polyline string (Google encoded polyline or Fleet Engine's base64 S2 polyline) could not be
/// decoded, and where.
///
/// Route geometry arrives from the network, so the decoders treat it as hostile: every malformed input
/// is reported through this error (never a trap), with the position at which decoding stopped so that a
/// bad payload can be diagnosed from a log line such as `S2 polyline: truncated varint at byte 7`.
public struct PolylineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The codec that rejected the input.
    public enum Format: Equatable, Sendable {
        /// Google's Encoded Polyline Algorithm Format (`GooglePolyline`).
        case google
        /// Fleet Engine's base64url S2Polyline encoding (`S2Polyline`).
        case s2
    }

    /// A part of an S2 polyline encoding that ended before it was complete.
    public enum Field: String, Equatable, Sendable {
        case version = "version byte"
        case snapLevel = "snap level"
        case vertexCount = "vertex count"
        case vertex = "vertex"
        case firstVertex = "first vertex"
        case offCentreVertex = "off-centre vertex"
    }

    /// What was wrong with the input.
    public enum Reason: Equatable, Sendable {
        // Either codec.
        /// A `precision` outside `0...15` was requested.
        case invalidPrecision(Int)

        // Google encoded polylines.
        /// A character outside the alphabet `?`...`~` (63...126); the payload is the UTF-8 byte.
        case invalidCharacter(UInt8)
        /// The string ended inside a value (its last character still had the continuation bit 0x20).
        case truncatedValue
        /// The values do not pair up into latitude/longitude.
        case oddValueCount
        /// A value, or a running coordinate, does not fit in 64 bits.
        case overflow

        // Base64 layer of S2 polylines.
        /// A character that is not in the base64url or standard base64 alphabet.
        case invalidBase64Character(UInt8)
        /// `=` padding in the wrong place or of the wrong length.
        case invalidBase64Padding
        /// The number of base64 characters cannot encode whole bytes.
        case invalidBase64Length

        // Binary layer of S2 polylines.
        /// The leading version byte is neither 1 (lossless) nor 2 (compressed).
        case unsupportedVersion(UInt8)
        /// The compressed encoding's snap level is above 30 (`S2CellId.kMaxLevel`).
        case invalidSnapLevel(UInt8)
        /// The data ended inside the given field.
        case truncated(Field)
        /// The data ended inside a varint.
        case truncatedVarint
        /// A varint has more bytes than its type (5 for 32 bits, 10 for 64 bits) allows.
        case varintTooLong
        /// A varint's value does not fit in its type (the payload is the width in bits).
        case varintOverflow(bits: Int)
        /// The vertex count promises more vertices than the remaining bytes could possibly hold.
        case vertexCountTooLarge(UInt64)
        /// A face run with a count of zero.
        case emptyFaceRun
        /// The face runs cover more vertices than the polyline has.
        case faceRunsOvershoot(covered: UInt64, vertexCount: Int)
        /// A vertex's cell coordinates lie outside its cube face at the snap level.
        case cellCoordinateOutOfRange(vertex: Int)
        /// More off-centre vertices than vertices.
        case tooManyOffCentreVertices(UInt32)
        /// An off-centre vertex refers to a vertex that does not exist.
        case offCentreIndexOutOfRange(index: UInt32, vertexCount: Int)
        /// A vertex is not a finite, non-zero vector, so it has no latitude/longitude.
        case invalidVertex(index: Int)
    }

    /// The codec that rejected the input.
    public var format: Format
    /// What was wrong.
    public var reason: Reason
    /// Where decoding failed: a character offset into the string for Google polylines and for the
    /// base64 layer of S2 polylines, otherwise a byte offset into the decoded S2 bytes.
    public var offset: Int

    public init(_ format: Format, _ reason: Reason, at offset: Int) {
        self.format = format
        self.reason = reason
        self.offset = offset
    }

    /// Whether `offset` counts characters of the string (rather than bytes of the decoded S2 data).
    public var offsetIsCharacter: Bool {
        switch reason {
        case .invalidPrecision, .invalidCharacter, .truncatedValue, .oddValueCount, .overflow,
            .invalidBase64Character, .invalidBase64Padding, .invalidBase64Length:
            true
        default:
            format == .google
        }
    }

    public var description: String {
        let codec = format == .google ? "Google polyline" : "S2 polyline"
        let unit = offsetIsCharacter ? "character" : "byte"
        return "\(codec): \(reasonDescription) at \(unit) \(offset)"
    }

    private var reasonDescription: String {
        switch reason {
        case .invalidPrecision(let precision): "invalid precision \(precision) (expected 0...15)"
        case .invalidCharacter(let byte): "invalid character \(Self.show(byte))"
        case .truncatedValue: "truncated value"
        case .oddValueCount: "odd number of values"
        case .overflow: "value overflow"
        case .invalidBase64Character(let byte): "invalid base64 character \(Self.show(byte))"
        case .invalidBase64Padding: "invalid base64 padding"
        case .invalidBase64Length: "invalid base64 length"
        case .unsupportedVersion(let version): "unsupported encoding version \(version)"
        case .invalidSnapLevel(let level): "invalid snap level \(level) (maximum 30)"
        case .truncated(let field): "truncated \(field.rawValue)"
        case .truncatedVarint: "truncated varint"
        case .varintTooLong: "varint too long"
        case .varintOverflow(let bits): "varint overflows \(bits) bits"
        case .vertexCountTooLarge(let count): "vertex count \(count) exceeds the remaining data"
        case .emptyFaceRun: "empty face run"
        case .faceRunsOvershoot(let covered, let count):
            "face runs cover \(covered) vertices but the polyline has \(count)"
        case .cellCoordinateOutOfRange(let vertex): "cell coordinates of vertex \(vertex) out of range"
        case .tooManyOffCentreVertices(let count): "\(count) off-centre vertices exceed the vertex count"
        case .offCentreIndexOutOfRange(let index, let count):
            "off-centre vertex index \(index) out of range (vertex count \(count))"
        case .invalidVertex(let index): "vertex \(index) is not a finite non-zero vector"
        }
    }

    private static func show(_ byte: UInt8) -> String {
        (33...126).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16)
    }
}
