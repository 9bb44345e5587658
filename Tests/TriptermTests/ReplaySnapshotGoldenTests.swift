import Foundation
import TestSupport
import Testing

/// Whole screens, as `tripterm replay --snapshot` prints them, compared with files under `Golden/`: the map with
/// the bundled Monaco roads, the route, markers, panel, timeline and hints, in the layouts a terminal's size picks.
/// `TRIPTERM_UPDATE_GOLDEN=1 swift test --filter ReplaySnapshotGoldenTests` rewrites the files after a deliberate
/// change; review them with `git diff`.
@Suite struct ReplaySnapshotGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let cases: [(name: String, arguments: [String])] = [
        ("replay-50pct-110x32-braille", ["--at", "50%", "--size", "110x32"]),
        ("replay-20pct-80x24-ascii-nomap", ["--at", "20%", "--size", "80x24", "--ascii", "--no-map"]),
        ("replay-90pct-60x16-half", ["--at", "90%", "--size", "60x16", "--marker", "half"]),
        ("replay-start-40x12", ["--at", "0%", "--size", "40x12"]),
    ]

    @Test(arguments: cases.indices)
    func snapshotMatchesGolden(index: Int) async throws {
        let (name, arguments) = Self.cases[index]
        let map = ReplayCommandTests.asset("Assets/maps/monaco.roadmap")
        let out = try await TriptermBinary.run(
            ["replay", ReplayCommandTests.asset(ReplayCommandTests.sample), "--snapshot", "--map", map] + arguments,
            environment: ["TZ": "UTC", "NO_COLOR": ""])
        #expect(out.status == 0, "\(out.stderr)")
        Golden.check(out.stdout, against: Self.golden.appendingPathComponent(name + ".txt"))
    }
}
