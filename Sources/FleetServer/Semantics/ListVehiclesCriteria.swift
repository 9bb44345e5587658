import FleetModel

/// ListVehicles' attribute, place and freshness restrictions, checked against Fleet Engine's rules once per
/// request: `requiredAttributes` (all of them), `requiredOneOfAttributes` (one of each list),
/// `requiredOneOfAttributeSets` (every one of some set) — each `key:value`, lists joined by `|` — or instead a
/// `filter` (``VehicleAttributeFilter``); a `viewport` box around the last location; and `maximumStaleness` on it.
struct ListVehiclesCriteria: Sendable {
    static let maximumRequiredAttributes = 50

    /// The attribute lists, read from their `key:value` text, or the filter: the rules SearchVehicles applies too.
    var attributes = AttributeRequirements()
    var viewport: GeoViewport?
    var maximumStaleness: ProtoDuration?

    init(_ request: ListVehiclesRequest) throws(FleetError) {
        guard request.requiredAttributes.count <= Self.maximumRequiredAttributes else {
            throw .invalidArgument(
                "requiredAttributes has \(request.requiredAttributes.count) entries; at most \(Self.maximumRequiredAttributes) are allowed"
            )
        }
        attributes.all = try request.requiredAttributes.enumerated().map { i, text throws(FleetError) in
            try Self.attribute(text, field: "requiredAttributes[\(i)]")
        }
        attributes.oneOf = try Self.lists(request.requiredOneOfAttributes, field: "requiredOneOfAttributes")
        attributes.sets = try Self.lists(request.requiredOneOfAttributeSets, field: "requiredOneOfAttributeSets")
        if !request.filter.isEmpty {
            if !attributes.all.isEmpty || !attributes.oneOf.isEmpty || !attributes.sets.isEmpty {
                throw .invalidArgument(
                    "filter cannot be combined with requiredAttributes, requiredOneOfAttributes or requiredOneOfAttributeSets"
                )
            }
            attributes.filter = try VehicleAttributeFilter(parsing: request.filter)
        }
        if let box = request.viewport { viewport = try Self.viewport(box) }
        if let staleness = request.maximumStaleness {
            guard staleness > ProtoDuration(seconds: 0) else {
                throw .invalidArgument("maximumStaleness must be a positive duration; got \(staleness.protoText)")
            }
            maximumStaleness = staleness
        }
    }

    /// A request's viewport, checked: both corners, valid, the low one not above the high one.
    static func viewport(_ box: GeoViewport) throws(FleetError) -> GeoViewport {
        guard let low = box.low, let high = box.high else {
            throw .invalidArgument("viewport needs both low and high corners")
        }
        try TripService.validate(low, field: "viewport.low")
        try TripService.validate(high, field: "viewport.high")
        guard low.latitude <= high.latitude else {
            throw .invalidArgument("viewport.low.latitude must not be above viewport.high.latitude")
        }
        return box
    }

    /// Whether `vehicle` passes every restriction, at `now`.
    func matches(_ vehicle: Vehicle, now: ProtoTimestamp) -> Bool {
        attributes.matches(vehicle.attributes) && placeMatches(vehicle.lastLocation, now: now)
    }

    private func placeMatches(_ location: VehicleLocation?, now: ProtoTimestamp) -> Bool {
        if let maximumStaleness {
            guard let reported = location?.serverTime ?? location?.updateTime,
                now - reported <= maximumStaleness.duration
            else { return false }
        }
        if let viewport {
            guard let point = location?.location else { return false }
            return viewport.contains(point)
        }
        return true
    }

    /// `key:value` as the attribute it requires, INVALID_ARGUMENT naming the field otherwise.
    static func attribute(_ text: String, field: String) throws(FleetError) -> VehicleAttribute {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw .invalidArgument("\(field) \"\(text)\" must be key:value")
        }
        return VehicleAttribute(key: String(text[..<colon]), value: String(text[text.index(after: colon)...]))
    }

    static func lists(_ texts: [String], field: String) throws(FleetError) -> [[VehicleAttribute]] {
        try texts.enumerated().map { i, text throws(FleetError) in
            try text.split(separator: "|", omittingEmptySubsequences: false).map { part throws(FleetError) in
                try attribute(String(part), field: "\(field)[\(i)]")
            }
        }
    }
}
