import FleetModel
import Foundation

/// A uniform grid over the globe (cells about 500 m on a side) that finds the vehicles within a radius of a point
/// without looking at the others: SearchVehicles' first, straight-line cut.
///
/// Rows are bands of latitude; each row's cells are as many degrees of longitude wide as 500 m is at the row's
/// pole-ward edge, so a cell is never narrower than 500 m. Cells are keyed in a dictionary, so an empty sea costs
/// nothing. A value type: insert, move and remove are O(1) amortized (a vehicle's report moves it from one cell
/// list to another), and a full rebuild of 10,000 vehicles takes about a millisecond.
///
/// Longitudes are not wrapped at ±180°: a search straddling the antimeridian misses the other side.
public struct VehicleGrid: Sendable {
    static let cellMeters = 500.0
    static let rowDegrees = cellMeters / (Geo.earthRadiusMeters * .pi / 180)

    /// Vehicle slots (caller's indices) in each cell.
    private var cells: [Int64: [Int32]] = [:]
    /// Each slot's point and cell key, or nil when the slot holds no located vehicle.
    private var slots: [(point: LatLng, key: Int64)?] = []

    public init() {}

    /// A grid of `points[i]` under slot `i`; nil points (vehicles without a location) are left out.
    public init(points: [LatLng?]) {
        slots.reserveCapacity(points.count)
        for (i, point) in points.enumerated() {
            slots.append(nil)
            if let point { move(Int32(i), to: point) }
        }
    }

    public var count: Int { slots.count }

    /// Puts slot `slot` at `point` (nil removes it), growing the slots as needed.
    public mutating func move(_ slot: Int32, to point: LatLng?) {
        let i = Int(slot)
        if i >= slots.count {
            slots.append(contentsOf: [(point: LatLng, key: Int64)?](repeating: nil, count: i - slots.count + 1))
        }
        if let old = slots[i] {
            cells[old.key]?.removeAll(where: { $0 == slot })
            if cells[old.key]?.isEmpty == true { cells[old.key] = nil }
        }
        guard let point, point.latitude.isFinite, point.longitude.isFinite else {
            slots[i] = nil
            return
        }
        let row = Self.row(point.latitude)
        let key = Self.key(row: row, column: Self.column(point.longitude, row: row))
        slots[i] = (point, key)
        cells[key, default: []].append(slot)
    }

    /// Every slot whose point lies within `radius` metres of `centre`, with its straight-line distance, unordered.
    public func within(_ radius: Double, of centre: LatLng) -> [(slot: Int32, meters: Double)] {
        let latitudeSpan = radius / (Geo.earthRadiusMeters * .pi / 180)
        let firstRow = Self.row(max(-90, centre.latitude - latitudeSpan))
        let lastRow = Self.row(min(90, centre.latitude + latitudeSpan))
        var found: [(slot: Int32, meters: Double)] = []
        // The circle's widest longitude span is at its pole-ward latitude (a slight overestimate); a circle
        // reaching a pole spans every longitude.
        let poleward = abs(centre.latitude) + latitudeSpan
        let span = poleward >= 89.999 ? 360 : min(360, latitudeSpan / cos(poleward * .pi / 180))
        let west = span >= 180 ? -180 : centre.longitude - span
        let east = span >= 180 ? 180 : centre.longitude + span
        for row in firstRow...lastRow {
            let first = Self.column(west, row: row)
            let last = Self.column(east, row: row)
            for column in first...last {
                guard let list = cells[Self.key(row: row, column: column)] else { continue }
                for slot in list {
                    guard let point = slots[Int(slot)]?.point else { continue }
                    let meters = Geo.distance(centre, point)
                    if meters <= radius { found.append((slot, meters)) }
                }
            }
        }
        return found
    }

    static func row(_ latitude: Double) -> Int { Int((latitude / rowDegrees).rounded(.down)) }

    static func columnDegrees(row: Int) -> Double {
        let edge = min(89.999, max(abs(Double(row) * rowDegrees), abs(Double(row + 1) * rowDegrees)))
        return min(360, rowDegrees / max(0.001, cos(edge * .pi / 180)))
    }

    static func column(_ longitude: Double, row: Int) -> Int {
        Int((longitude / columnDegrees(row: row)).rounded(.down))
    }

    static func key(row: Int, column: Int) -> Int64 { Int64(row) << 32 | Int64(UInt32(truncatingIfNeeded: column)) }
}
