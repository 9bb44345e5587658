import Foundation

@testable import FleetServer

extension FleetMethods {
    /// The service layer over a fresh database on disk, in a folder of its own under the temporary directory.
    static func onFreshStore(named name: String) throws -> FleetMethods {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return FleetMethods(store: try FleetStore(path: directory.appendingPathComponent("fleet.sqlite").path))
    }
}

/// The FleetError a call throws, or nil when it succeeds (or throws something else).
func fleetFailure(_ call: () async throws -> some Any) async -> FleetError? {
    do {
        _ = try await call()
        return nil
    } catch {
        return error as? FleetError
    }
}
