import FleetModel
import Foundation
import MapRendering
import RoadMap

/// Finds the road map drawn under a trip: the one given with `--map`, else the first bundled map whose area holds
/// the trip. Bundled maps are looked for in `$TRIPTERM_MAPS`, in `Assets/maps` beside or above the executable (a
/// source checkout), in `share/tripterm/maps` next to an installed binary, and in the XDG data directory.
struct BaseMapLocator {
    /// How far outside a map's bounds a trip may start and still use it (a pickup just off the extract's edge).
    static let boundsMargin = 0.01

    /// The `--map` file, loaded up front so a bad file is reported before the screen opens.
    static func explicit(path: String) throws -> [MapRoad] {
        do {
            return roads(of: try RoadMapFile.load(path: path))
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// A lookup for the bundled maps, run once with the trip's first known position.
    static func automatic(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> @Sendable (LatLng) -> [MapRoad] {
        let directories = searchDirectories(environment: environment)
        return { point in
            for file in candidateFiles(in: directories) {
                guard let map = try? RoadMapFile.load(path: file), let bounds = map.bounds,
                    bounds.contains(point, margin: boundsMargin)
                else { continue }
                return roads(of: map)
            }
            return []
        }
    }

    static func roads(of map: RoadMap) -> [MapRoad] {
        map.ways.map { MapRoad(points: $0.points, rank: RoadRank(highway: $0.roadClass.highwayValue), name: $0.name) }
    }

    static func searchDirectories(environment: [String: String]) -> [URL] {
        var directories: [URL] = []
        if let maps = environment["TRIPTERM_MAPS"], !maps.isEmpty {
            directories += maps.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        directories.append(dir.appendingPathComponent("../share/tripterm/maps").standardized)
        while dir.path != "/" {
            directories.append(dir.appendingPathComponent("Assets/maps"))
            dir.deleteLastPathComponent()
        }
        let dataHome =
            environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        directories.append(dataHome.appendingPathComponent("tripterm/maps"))
        return directories
    }

    static func candidateFiles(in directories: [URL]) -> [String] {
        directories.flatMap { dir -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            return names.filter { $0.hasSuffix(".roadmap") }.sorted().map { dir.appendingPathComponent($0).path }
        }
    }
}

extension GeoBox {
    /// Whether `point` lies within the box grown by `margin` degrees on every side.
    func contains(_ point: LatLng, margin: Double) -> Bool {
        (minLatitude - margin...maxLatitude + margin).contains(point.latitude)
            && (minLongitude - margin...maxLongitude + margin).contains(point.longitude)
    }
}
