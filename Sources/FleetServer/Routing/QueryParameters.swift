import FleetModel
import Foundation

/// A request's query string as Google's REST transcoding reads it: names in lowerCamelCase or snake_case,
/// repeated names for repeated fields, nested fields with dots (`header.regionCode`), and system parameters
/// (`$alt=json;enum-encoding=int`). A name the method does not know is INVALID_ARGUMENT, as Google answers.
public struct QueryParameters: Sendable {
    private var values: [String: [String]] = [:]

    /// System parameters every method accepts.
    static let system: Set<String> = [
        "$alt", "alt", "$.xgafv", "prettyPrint", "key", "fields", "$fields", "$prettyPrint",
    ]
    /// `RequestHeader` fields, allowed as `header.*` on every method.
    static let header: Set<String> = [
        "languageCode", "regionCode", "sdkVersion", "osVersion", "deviceModel", "sdkType", "mapsSdkVersion",
        "navSdkVersion", "platform", "manufacturer", "androidApiLevel", "traceId",
    ]

    public init(query: String) throws(FleetError) {
        for pair in query.split(ascii: UInt8(ascii: "&")) where !pair.isEmpty {
            let parts = pair.split(ascii: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else {
                throw .invalidArgument("Query parameter \"\(parts[0])\" is not valid percent-encoding.")
            }
            let key =
                name.hasPrefix("$")
                ? name
                : ProtoFieldMask.jsonPath(name)
            values[key, default: []].append(value)
        }
    }

    private static func decode(_ text: Substring) -> String? {
        // The common case, a plain name or value, skips Foundation's decoding (slow on every request).
        guard text.utf8.contains(where: { $0 == 0x25 || $0 == 0x2B }) else { return String(text) }
        return String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// Fails on a parameter that is neither system, `header.*`, nor one of `allowed`.
    public func validate(allowed: Set<String>) throws(FleetError) {
        for name in values.keys.sorted() {
            if Self.system.contains(name) || allowed.contains(name) { continue }
            if name.hasPrefix("header."), Self.header.contains(String(name.dropFirst("header.".count))) { continue }
            throw .invalidArgument(
                "Invalid JSON payload received. Unknown name \"\(name)\": Cannot bind query parameter.")
        }
    }

    public subscript(_ name: String) -> String? { values[name]?.last }

    public func all(_ name: String) -> [String] {
        values[name, default: []].flatMap { $0.split(separator: ",").map(String.init) }
    }

    /// `$alt=json;enum-encoding=int`, as Google's generated REST clients send it, asks for enum numbers.
    public var enumsAsIntegers: Bool {
        (values["$alt"] ?? []).contains { $0.split(separator: ";").contains("enum-encoding=int") }
    }

    public func timestamp(_ name: String) throws(FleetError) -> ProtoTimestamp? {
        guard let text = self[name], !text.isEmpty else { return nil }
        do {
            return try ProtoTimestamp(rfc3339: text)
        } catch {
            throw .invalidArgument("Invalid value at '\(name)': \(error.description)")
        }
    }

    public func enumValue<E: ProtoEnum>(_ name: String, as type: E.Type) throws(FleetError) -> E? {
        guard let text = self[name], !text.isEmpty else { return nil }
        if let number = Int32(text), let value = E(rawValue: number) { return value }
        if let value = E(protoName: text) { return value }
        let known = E.allCases.map(\.protoName).joined(separator: ", ")
        throw .invalidArgument(
            "Invalid value at '\(name)' (\(E.self)): \"\(text)\"; expected one of \(known) or its number")
    }

    public func enumValues<E: ProtoEnum>(_ name: String, as type: E.Type) throws(FleetError) -> [E] {
        var result: [E] = []
        for text in all(name) {
            if let number = Int32(text), let value = E(rawValue: number) {
                result.append(value)
            } else if let value = E(protoName: text) {
                result.append(value)
            } else {
                throw .invalidArgument("Invalid value at '\(name)' (\(E.self)): \"\(text)\"")
            }
        }
        return result
    }

    /// Every value of a repeated string field, as sent (not split at commas: the strings may hold them).
    public func strings(_ name: String) -> [String] { values[name, default: []] }

    public func bool(_ name: String) throws(FleetError) -> Bool? {
        guard let text = self[name] else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: throw .invalidArgument("Invalid value at '\(name)' (TYPE_BOOL): \"\(text)\"")
        }
    }

    public func double(_ name: String) throws(FleetError) -> Double? {
        guard let text = self[name], !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw .invalidArgument("Invalid value at '\(name)' (TYPE_DOUBLE): \"\(text)\"")
        }
        return value
    }

    public func duration(_ name: String) throws(FleetError) -> ProtoDuration? {
        guard let text = self[name], !text.isEmpty else { return nil }
        do {
            return try ProtoDuration(protoText: text)
        } catch {
            throw .invalidArgument("Invalid value at '\(name)': \(error.description)")
        }
    }

    /// The `header.*` parameters as the request's `header`, nil when there are none.
    public func header() throws(FleetError) -> RequestHeader? {
        guard values.keys.contains(where: { $0.hasPrefix("header.") }) else { return nil }
        var header = RequestHeader(
            languageCode: self["header.languageCode"] ?? "", regionCode: self["header.regionCode"] ?? "",
            sdkType: try enumValue("header.sdkType", as: RequestHeader.SdkType.self) ?? .sdkTypeUnspecified)
        header.sdkVersion = self["header.sdkVersion"] ?? ""
        header.osVersion = self["header.osVersion"] ?? ""
        header.deviceModel = self["header.deviceModel"] ?? ""
        header.mapsSdkVersion = self["header.mapsSdkVersion"] ?? ""
        header.navSdkVersion = self["header.navSdkVersion"] ?? ""
        header.platform = try enumValue("header.platform", as: RequestHeader.Platform.self) ?? .platformUnspecified
        header.manufacturer = self["header.manufacturer"] ?? ""
        header.androidApiLevel = try int32("header.androidApiLevel") ?? 0
        header.traceId = self["header.traceId"] ?? ""
        return header
    }

    /// The `header.*` parameters as a Deliveries API request's `header`: the same fields under the same names, so
    /// read as ``header()`` reads them and carried over in their JSON.
    public func deliveryHeader() throws(FleetError) -> DeliveryRequestHeader? {
        guard let header = try header() else { return nil }
        do {
            return try ProtoJSON.decode(DeliveryRequestHeader.self, from: try ProtoJSON.encode(header))
        } catch {
            throw .invalidArgument("header: \(error)")
        }
    }

    /// `viewport.low.latitude`… as a `viewport`, nil when no corner is given.
    public func viewport() throws(FleetError) -> GeoViewport? {
        let corners = [
            "viewport.low.latitude", "viewport.low.longitude", "viewport.high.latitude", "viewport.high.longitude",
        ]
        guard corners.contains(where: { self[$0] != nil }) else { return nil }
        func corner(_ name: String) throws(FleetError) -> LatLng? {
            let latitude = try double("viewport.\(name).latitude")
            let longitude = try double("viewport.\(name).longitude")
            guard latitude != nil || longitude != nil else { return nil }
            return LatLng(latitude: latitude ?? 0, longitude: longitude ?? 0)
        }
        return GeoViewport(low: try corner("low"), high: try corner("high"))
    }

    public func int32(_ name: String) throws(FleetError) -> Int32? {
        guard let text = self[name], !text.isEmpty else { return nil }
        guard let value = Int32(text) else {
            throw .invalidArgument("Invalid value at '\(name)' (TYPE_INT32): \"\(text)\"")
        }
        return value
    }
}
