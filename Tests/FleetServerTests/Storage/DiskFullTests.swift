import FleetModel
import Foundation
import Logging
import TestSupport
import Testing

@testable import FleetServer

/// A full disk under the database: a write fails with UNAVAILABLE saying so, reads go on, nothing answered before is
/// lost, and once there is room again writes succeed without a restart. SQLite's own `max_page_count` makes the
/// database refuse to grow as a full disk does (the same SQLITE_FULL); `ServeDiskFullTests` fills a real one.
@Suite struct DiskFullTests {
    static func name(_ id: String) throws -> VehicleName { try VehicleName(provider: "p", vehicleID: id) }

    /// A vehicle big enough to need new pages: forty attributes of 200 characters.
    static func bulky(_ id: String) throws -> Vehicle {
        var vehicle = Vehicle(name: try name(id).description, vehicleState: .online)
        vehicle.attributes = (0..<40).map { VehicleAttribute(key: "k\($0)", value: String(repeating: "x", count: 200)) }
        return vehicle
    }

    @Test func aFullDiskFailsWritesAsUnavailableAndTheyResumeWhenThereIsRoom() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-full-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let logs = LogCapture()
        let logger = Logger(label: "test") { _ in logs.handler() }
        let store = try FleetStore(path: directory.appendingPathComponent("fleet.sqlite").path, logger: logger)
        let kept = try Self.bulky("kept")
        _ = try await store.write { tx in try tx.insert(kept, as: try Self.name("kept")) }

        try await store.limitGrowth(toPages: 0)
        for id in ["refused-1", "refused-2"] {
            let vehicle = try Self.bulky(id)
            do {
                _ = try await store.write { tx in try tx.insert(vehicle, as: try Self.name(id)) }
                Issue.record("a write on a full disk succeeded")
            } catch let error as FleetError {
                #expect(error.code == .unavailable)
                #expect(error.message.contains("its disk is full"), "\(error.message)")
                #expect(error.message.contains("Nothing was written"))
            }
        }
        // Reads are answered, and what was answered before is there.
        #expect(try await store.read { tx in try tx.vehicle(try Self.name("kept")) } == kept)
        #expect(try await store.read { tx in try tx.vehicle(try Self.name("refused-1")) } == nil)
        // Said once, not once per write.
        #expect(logs.all.filter { $0.contains("the database cannot be written") }.count == 1)

        try await store.limitGrowth(toPages: nil)
        let later = try Self.bulky("later")
        _ = try await store.write { tx in try tx.insert(later, as: try Self.name("later")) }
        #expect(try await store.read { tx in try tx.vehicle(try Self.name("later")) } == later)
        #expect(logs.all.contains { $0.contains("the database takes writes again") })
    }
}
