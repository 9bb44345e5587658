import Foundation

/// One libFuzzer target: a parser of outside input fed arbitrary bytes. `run` must return normally for every input
/// (bad input is a thrown error, caught there); a trap, a sanitizer report or a failed ``invariant(_:_:)`` is a
/// finding.
struct FuzzTarget: Sendable {
    let name: String
    /// What the target feeds its input to, for `tripterm-fuzz --list`.
    let summary: String
    /// Work done once before fuzzing (a key to generate), so that libFuzzer's per-input leak check does not see
    /// one-time allocations as leaks.
    let prepare: @Sendable () -> Void
    let run: @Sendable (Data) -> Void

    init(
        name: String, summary: String, prepare: @escaping @Sendable () -> Void = {},
        run: @escaping @Sendable (Data) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.prepare = prepare
        self.run = run
    }
}

extension FuzzTarget {
    /// Every target, in the order `make fuzz` runs them. Each has a seed corpus in `Fuzz/Corpus/<name>`.
    static let all: [FuzzTarget] = [
        tripFile, cloudLogging, gpx, geoJSON, replayInput,
        driverGPX, nmea, osm, roadMapFile,
        googlePolyline, s2Polyline,
        protoJSON, resourceNames, serverRequest, grpcRequest, jwt,
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// A property every input must keep (a round trip, an agreement between two decoders). Traps when it does not, so
/// that libFuzzer saves the input.
func invariant(_ holds: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !holds() { fatalError("invariant failed: \(message())") }
}
