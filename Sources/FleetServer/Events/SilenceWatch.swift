import FleetEvents
import FleetModel
import Foundation
import Logging

/// `vehicle-not-updating` and `vehicle-updating`, which no write causes: a timer looks at every ONLINE vehicle and
/// at those it found silent before, judges each (``VehicleSilence``), and records the events and the new silences
/// in one write through the store, like any other write.
///
/// It looks several times within the threshold, so an event comes at most a tenth of it (and never more than a
/// second) after the vehicle went quiet or reported again.
struct SilenceWatch: Sendable {
    let store: FleetStore
    let threshold: Duration
    let clock: @Sendable () -> Date
    let logger: Logger

    var interval: Duration { min(max(threshold / 10, .milliseconds(100)), .seconds(1)) }

    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            do { try await look() } catch { logger.error("events: the not-updating check failed: \(error)") }
        }
    }

    /// One look: read the candidates, then judge each again inside the write, where nothing can change under it.
    func look() async throws {
        let now = ProtoTimestamp(clock())
        let threshold = threshold
        let candidates = try await store.read { tx -> [VehicleName] in
            let silent = try tx.silentVehicles()
            var found = try silent.filter { name in
                VehicleSilence.judge(try tx.vehicle(name), silent: true, now: now, threshold: threshold) != .unchanged
            }
            let known = Set(silent.map(\.description))
            for vehicle in try tx.onlineVehicles(reportedBefore: now + (.zero - threshold))
            where !known.contains(vehicle.name) {
                guard VehicleSilence.judge(vehicle, silent: false, now: now, threshold: threshold) != .unchanged,
                    let name = try? VehicleName(parsing: vehicle.name)
                else { continue }
                found.append(name)
            }
            return found
        }
        guard !candidates.isEmpty else { return }
        try await store.write { tx in
            for name in candidates {
                let vehicle = try tx.vehicle(name)
                let silent = try tx.isSilent(name)
                let verdict = VehicleSilence.judge(vehicle, silent: silent, now: now, threshold: threshold)
                switch verdict {
                case .unchanged: continue
                case .wentSilent: try tx.setSilent(name, true)
                case .resumed, .released: try tx.setSilent(name, false)
                }
                if let event = VehicleSilence.event(verdict, vehicle: vehicle, now: now) {
                    // Silence is caused by no write: its time is when it was noticed. Resuming is the report's.
                    let time = verdict == .resumed ? (vehicle.flatMap(VehicleSilence.lastReport) ?? now) : now
                    try tx.append([event], provider: name.provider, time: time)
                }
            }
        }
    }
}
