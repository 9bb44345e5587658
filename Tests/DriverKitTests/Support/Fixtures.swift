import Foundation
import RoadMap
import TestSupport

/// Files the tests read: the committed fixtures beside this folder, and the bundled Monaco road map.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static let monacoPath = Repository.path("Assets/maps/monaco.roadmap")

    static let monaco: RoadGraph = {
        // The bundled map is part of the checkout; a test without it cannot run at all.
        guard let map = try? RoadMapFile.load(path: monacoPath) else { fatalError("missing \(monacoPath)") }
        return RoadGraph(map)
    }()
}
