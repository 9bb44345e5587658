import FleetModel

/// Short human renderings shared by the headless printer, `--list` and, later, the status panel.
public enum Summary {
    /// `43.73840,7.42460` (five decimals ≈ 1 m).
    public static func point(_ p: LatLng) -> String {
        format(p.latitude, decimals: 5) + "," + format(p.longitude, decimals: 5)
    }

    /// `43.73840,7.42460 heading 200° 8.0 m/s`.
    public static func location(_ l: VehicleLocation) -> String { location(FleetLocation(l)) }

    /// The same, for a location of either API.
    public static func location(_ l: FleetLocation) -> String {
        var parts = [l.point.map(point) ?? "no position"]
        if let h = l.heading { parts.append("heading \(h)°") }
        if let s = l.speed { parts.append(format(s, decimals: 1) + " m/s") }
        return parts.joined(separator: " ")
    }

    /// `1 update`, `2 updates`: a count with its noun in the number it takes, so a short run never reads
    /// `1 updates`. `plural` is for nouns that do not just add an s.
    public static func count(_ n: Int, _ singular: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }

    /// `850 m`, `1.2 km`, `12 km`.
    public static func distance(_ meters: Double) -> String {
        if meters < 1000 { return "\(Int(meters.rounded())) m" }
        if meters < 10_000 { return format(meters / 1000, decimals: 1) + " km" }
        return "\(Int((meters / 1000).rounded())) km"
    }

    /// `45 s`, `3 min 20 s`, `1 h 05 min`.
    public static func duration(_ d: Duration) -> String {
        let total = Int(d.inSeconds.rounded())
        if total < 60 { return "\(total) s" }
        if total < 3600 { return "\(total / 60) min" + (total % 60 == 0 ? "" : " \(total % 60) s") }
        let minutes = (total % 3600) / 60
        return "\(total / 3600) h " + (minutes < 10 ? "0" : "") + "\(minutes) min"
    }

    /// `2025-02-05T17:03:25Z (in 3 min 20 s)` or `(2 min ago)`.
    public static func eta(_ eta: ProtoTimestamp, now: ProtoTimestamp) -> String {
        let delta = eta - now
        let relative = delta >= .zero ? "in \(duration(delta))" : "\(duration(.zero - delta)) ago"
        return "\(eta.rfc3339) (\(relative))"
    }

    public static func waypointKind(_ type: WaypointType) -> String {
        switch type {
        case .pickupWaypointType: "pickup"
        case .dropOffWaypointType: "dropoff"
        case .intermediateDestinationWaypointType: "stop"
        case .unknownWaypointType: "waypoint"
        }
    }

    static func format(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: dot, to: text.endIndex) - 1
            if have < decimals { text += String(repeating: "0", count: decimals - have) }
            if decimals == 0 { text = String(text[..<dot]) }
        } else if decimals > 0 {
            text += "." + String(repeating: "0", count: decimals)
        }
        return text
    }
}
