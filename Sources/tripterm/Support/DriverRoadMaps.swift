import FleetModel
import Foundation
import RoadMap

/// Finds the road map the driver navigates on: the `--map` file, else the first bundled map whose area holds the
/// vehicle (searched where ``BaseMapLocator`` looks), loaded once.
enum DriverRoadMaps {
    /// The `--map` file as a graph; a file that is not a road map is a one-line error.
    static func explicit(path: String) throws -> RoadGraph {
        do {
            return RoadGraph(try RoadMapFile.load(path: path))
        } catch {
            throw CommandFailure("--map: \(error)")
        }
    }

    /// The bundled map holding `point`, or nil when none does.
    static func bundled(
        near point: LatLng, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RoadGraph? {
        let directories = BaseMapLocator.searchDirectories(environment: environment)
        for file in BaseMapLocator.candidateFiles(in: directories) {
            guard let map = try? RoadMapFile.load(path: file), let bounds = map.bounds,
                bounds.contains(point, margin: BaseMapLocator.boundsMargin)
            else { continue }
            return RoadGraph(map)
        }
        return nil
    }
}
