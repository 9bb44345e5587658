import FleetModel

/// Collects nodes and the way being read, and turns each finished way into ``RoadWay``s when it is a road for cars.
struct OSMRoadBuilder {
    /// The way tags that decide whether and how a way is kept.
    enum WayTag: CaseIterable {
        case highway, name, oneway, junction, maxspeed, access, vehicle, motorVehicle, motorcar, area

        var key: StaticString {
            switch self {
            case .highway: "highway"
            case .name: "name"
            case .oneway: "oneway"
            case .junction: "junction"
            case .maxspeed: "maxspeed"
            case .access: "access"
            case .vehicle: "vehicle"
            case .motorVehicle: "motor_vehicle"
            case .motorcar: "motorcar"
            case .area: "area"
            }
        }
    }

    /// Access values that open a footway, path or track to cars.
    static let motorAccessGranted: Set<String> = ["yes", "designated", "permissive", "destination", "delivery"]

    var nodes = OSMNodeStore()
    private(set) var ways: [RoadWay] = []
    private(set) var missingPoints = 0
    private var wayID: Int64?
    var wayNodes: [Int64] = []
    var wayTags: [WayTag: String] = [:]

    var isInWay: Bool { wayID != nil }

    mutating func addNode(id: Int64, point: E7Point) { nodes.add(id: id, point: point) }

    mutating func startWay(id: Int64) {
        wayID = id
        wayNodes.removeAll(keepingCapacity: true)
        wayTags.removeAll(keepingCapacity: true)
    }

    mutating func finishWay() {
        defer { wayID = nil }
        guard let id = wayID, let roadClass = Self.roadClass(wayTags) else { return }
        let direction = OneWayTag(oneway: wayTags[.oneway], highway: wayTags[.highway], junction: wayTags[.junction])
        let maxSpeed = wayTags[.maxspeed].flatMap(MaxSpeedTag.kilometresPerHour).map { ($0 * 10).rounded() / 10 }
        // Split where the extract lacks nodes, so that no straight line is drawn across the gap.
        var run: [LatLng] = []
        var runs: [[LatLng]] = []
        for ref in wayNodes {
            if let point = nodes.point(for: ref) {
                run.append(point.latLng)
            } else {
                missingPoints += 1
                if run.count >= 2 { runs.append(run) }
                run.removeAll()
            }
        }
        if run.count >= 2 { runs.append(run) }
        for points in runs {
            ways.append(
                RoadWay(
                    id: id, roadClass: roadClass, name: wayTags[.name], isOneWay: direction != .bothWays,
                    maxSpeedKmh: maxSpeed, points: direction == .backward ? points.reversed() : points
                )
            )
        }
    }

    /// The class of a way that cars may use, or nil for anything else (footways, areas, closed roads, buildings…).
    static func roadClass(_ tags: [WayTag: String]) -> RoadClass? {
        guard let highway = tags[.highway], tags[.area] != "yes" else { return nil }
        if let roadClass = RoadClass(highway: highway) {
            let access = tags[.motorcar] ?? tags[.motorVehicle] ?? tags[.vehicle] ?? tags[.access]
            return access == "no" ? nil : roadClass
        }
        if RoadClass.nonMotorHighwayValues.contains(highway),
            let access = tags[.motorcar] ?? tags[.motorVehicle], motorAccessGranted.contains(access)
        {
            return .minor
        }
        return nil
    }
}
