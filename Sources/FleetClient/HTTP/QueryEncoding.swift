import FleetModel

/// Builds a query string the way Google's generated REST clients do (Python's `urlencode` over the request's
/// non-path fields): names and values percent-encoded except for RFC 3986 unreserved characters, so
/// `updateMask=vehicleId%2CtripStatus` and `%24alt=json%3Benum-encoding%3Dint`.
public struct QueryEncoding: Sendable, Hashable {
    public private(set) var items: [(name: String, value: String)] = []

    public init() {}

    /// Adds `name=value`; nothing when `value` is nil.
    /// A list request's paging: `pageSize` (unless 0, the server's choice) and `pageToken` (unless empty).
    mutating func addPage(size: Int32, token: String) {
        add("pageSize", size == 0 ? nil : String(size))
        add("pageToken", token.nonEmpty)
    }

    /// A viewport as transcoding reads one from the query: `viewport.low.latitude` and the three others.
    mutating func addViewport(_ viewport: GeoViewport?) {
        for (corner, point) in [("low", viewport?.low), ("high", viewport?.high)] {
            add("viewport.\(corner).latitude", point.map { String($0.latitude) })
            add("viewport.\(corner).longitude", point.map { String($0.longitude) })
        }
    }

    public mutating func add(_ name: String, _ value: String?) {
        guard let value else { return }
        items.append((name, value))
    }

    public var isEmpty: Bool { items.isEmpty }

    /// `a=1&b=2`, in the order added.
    public var encoded: String {
        items.map { Self.escape($0.name) + "=" + Self.escape($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes everything but `A–Z a–z 0–9 - . _ ~` (UTF-8 bytes).
    public static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(UnicodeScalar(hex[Int(byte >> 4)])) + String(UnicodeScalar(hex[Int(byte & 15)]))
            }
        }
        return out
    }

    public static func == (a: Self, b: Self) -> Bool { a.items.elementsEqual(b.items) { $0 == $1 } }
    public func hash(into hasher: inout Hasher) {
        for item in items {
            hasher.combine(item.name)
            hasher.combine(item.value)
        }
    }
}
