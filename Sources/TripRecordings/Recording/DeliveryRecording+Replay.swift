import FleetModel

/// A Deliveries API day as a replay lists it at a moment: each van as its last report left it, and the tasks as
/// Fleet Engine held them — those in a van's stops OPEN and placed on its list, those that left it CLOSED — so that
/// a fleet replay shows vans with their stops and a task list, as the live fleet does.
extension DeliveryRecording {
    /// Every time a van was reported at or a task changed, ascending.
    public var changeTimes: [ProtoTimestamp] {
        (vans.flatMap { $0.reports.map(\.time) } + tasks.values.flatMap { $0.map(\.time) }).sorted()
    }

    /// The vans reported at or before `time`, in name order, with the stops they had then.
    public func vans(at time: ProtoTimestamp) -> [DeliveryVehicle] {
        vans.compactMap { van in
            guard var vehicle = van.reports.last(where: { $0.time <= time })?.vehicle else { return nil }
            vehicle.name = van.name
            vehicle.remainingVehicleJourneySegments = van.stops(at: time).map { VehicleJourneySegment(stop: $0) }
            return vehicle
        }
    }

    /// The tasks known at `time`: as last logged, and OPEN on a van's list — their journey sharing info counting
    /// the legs to their stop, as Fleet Engine's does — or CLOSED once a van's list dropped them.
    public func tasks(at time: ProtoTimestamp) -> [DeliveryTask] {
        var known: [String: DeliveryTask] = [:]
        for (id, states) in tasks {
            if let state = states.last(where: { $0.time <= time }) { known[id] = state.task }
        }
        for van in vans {
            let provider = (try? DeliveryVehicleName(parsing: van.name))?.provider ?? "unknown"
            for id in van.everListed(before: time) where known[id]?.state != .closed {
                known[id, default: DeliveryTask(name: Self.taskName(id, provider))].state = .closed
            }
            for (index, stop) in van.stops(at: time).enumerated() {
                for info in stop.tasks {
                    var task = known[info.taskId] ?? DeliveryTask(name: Self.taskName(info.taskId, provider))
                    task.state = .open
                    task.deliveryVehicleId = van.vehicleId
                    if task.plannedLocation == nil { task.plannedLocation = stop.plannedLocation }
                    task.journeySharingInfo = DeliveryTask.JourneySharingInfo(
                        remainingVehicleJourneySegments: Array(repeating: VehicleJourneySegment(), count: index + 1))
                    known[info.taskId] = task
                }
            }
        }
        return known.sorted { $0.key < $1.key }.map(\.value)
    }

    private static func taskName(_ id: String, _ provider: String) -> String { "providers/\(provider)/tasks/\(id)" }
}

extension DeliveryVanDay {
    /// The stops as the last report at or before `time` that knew them had them.
    func stops(at time: ProtoTimestamp) -> [VehicleStop] {
        reports.last { $0.time <= time && $0.stops != nil }?.stops ?? []
    }

    /// Every task its stops held at some report before `time`.
    func everListed(before time: ProtoTimestamp) -> Set<String> {
        Set(reports.prefix { $0.time <= time }.flatMap { $0.stops ?? [] }.flatMap { $0.tasks.map(\.taskId) })
    }
}
