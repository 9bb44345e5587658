import FleetModel
import Foundation
import TripFollowing
import TripRecordings

/// Where the benchmarks' inputs live, found from this file's path so that the benchmarks run from any directory.
enum BenchPaths {
    /// The repository root: the first directory above this file that holds the bundled sample trip.
    static let repositoryRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(sampleTripPath).path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("cannot find \(sampleTripPath) above \(#filePath)")
    }()

    static let sampleTripPath = "Assets/trips/monaco-stops.jsonl"

    static var sampleTrip: URL { repositoryRoot.appendingPathComponent(sampleTripPath) }

    /// The Fleet Debugger demo export from the shared data beside the checkout (`../shared`), if it is there.
    static var jumpDemoExport: URL? {
        let url = repositoryRoot.appendingPathComponent("../shared/data/fleet-logs/jump-demo.json").standardizedFileURL
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}

/// A trip file made in memory from the bundled sample, and what it holds.
struct SyntheticTripFile {
    var data: Data
    /// Lines in the file, the header included.
    var lineCount: Int
}

/// Builds large, deterministic trip files from `Assets/trips/monaco-stops.jsonl` for the reading benchmarks.
enum TripFileSynthesizer {
    /// The sample's header line and its snapshot lines (failures and notes left out), as written by tripterm.
    static func sampleLines() throws -> (header: String, snapshots: [String]) {
        let text = try String(contentsOf: BenchPaths.sampleTrip, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let header = lines.first else { throw SynthesisError("\(BenchPaths.sampleTripPath) is empty") }
        let snapshots = lines.dropFirst().filter { $0.hasPrefix("{\"snapshot\":") }
        guard !snapshots.isEmpty else { throw SynthesisError("\(BenchPaths.sampleTripPath) has no snapshot lines") }
        return (header, snapshots)
    }

    /// `lineCount` lines: the sample's header, then its snapshot lines over and over, each pass shifted in time by
    /// the sample's span plus one poll interval, so that times keep increasing and every line is a full snapshot as
    /// a recorder writes it (about 2 KB).
    static func fullSnapshots(lineCount: Int) throws -> SyntheticTripFile {
        let (header, snapshots) = try sampleLines()
        let events = try snapshots.map(splitTime)
        return repeated(header: header, events: events, lineCount: lineCount)
    }

    /// `lineCount` lines whose snapshots carry only what a long trip mostly records: the trip's name, status and
    /// vehicle, and the vehicle's last location (about 300 B a line). Made from the sample's snapshots that have a
    /// vehicle location, encoded the way tripterm encodes trips.
    static func smallSnapshots(lineCount: Int) throws -> SyntheticTripFile {
        let (header, _) = try sampleLines()
        let sample = try TripFileReader.read(Data(contentsOf: BenchPaths.sampleTrip), path: BenchPaths.sampleTripPath)
        var events: [(body: String, time: ProtoTimestamp)] = []
        for event in sample.recording.events {
            guard case .snapshot(let trip) = event.kind, let location = trip.lastLocation else { continue }
            var small = Trip(name: trip.name, tripStatus: trip.tripStatus)
            small.vehicleId = trip.vehicleId
            small.lastLocation = location
            let json = try ProtoJSON.encodeString(small)
            events.append((body: "{\"snapshot\":\(json),\"time\":\"", time: event.time))
        }
        guard !events.isEmpty else { throw SynthesisError("\(BenchPaths.sampleTripPath) has no vehicle locations") }
        return repeated(header: header, events: events, lineCount: lineCount)
    }

    /// A snapshot line cut before its time value (`…,"time":"`) and that time; `time` is the last key, as tripterm
    /// writes keys sorted.
    private static func splitTime(_ line: String) throws -> (body: String, time: ProtoTimestamp) {
        let key = ",\"time\":\""
        guard let range = line.range(of: key, options: .backwards), line.hasSuffix("\"}") else {
            throw SynthesisError("a snapshot line of \(BenchPaths.sampleTripPath) does not end with its time")
        }
        let value = String(line[range.upperBound..<line.index(line.endIndex, offsetBy: -2)])
        return (String(line[..<range.upperBound]), try ProtoTimestamp(rfc3339: value))
    }

    private static func repeated(
        header: String, events: [(body: String, time: ProtoTimestamp)], lineCount: Int
    ) -> SyntheticTripFile {
        let first = events.map(\.time).min()!
        let last = events.map(\.time).max()!
        let period = (last - first) + .seconds(5)
        var data = Data()
        data.reserveCapacity(lineCount * (events.map(\.body.utf8.count).max()! + 40))
        data.append(contentsOf: header.utf8)
        data.append(0x0A)
        var written = 1
        var pass = 0
        while written < lineCount {
            let shift = period * pass
            for event in events where written < lineCount {
                data.append(contentsOf: event.body.utf8)
                data.append(contentsOf: (event.time + shift).rfc3339.utf8)
                data.append(contentsOf: "\"}\n".utf8)
                written += 1
            }
            pass += 1
        }
        return SyntheticTripFile(data: data, lineCount: written)
    }
}

/// The sample's snapshots as events, repeated with shifted times, for the writing benchmark.
enum TripEventSynthesizer {
    static func events(count: Int) throws -> (tripName: TripName, events: [TripEvent]) {
        let sample = try TripFileReader.read(Data(contentsOf: BenchPaths.sampleTrip), path: BenchPaths.sampleTripPath)
        let snapshots = sample.recording.events.filter { if case .snapshot = $0.kind { true } else { false } }
        guard let first = snapshots.first?.time, let last = snapshots.last?.time else {
            throw SynthesisError("\(BenchPaths.sampleTripPath) has no snapshots")
        }
        let period = (last - first) + .seconds(5)
        var events: [TripEvent] = []
        events.reserveCapacity(count)
        var pass = 0
        while events.count < count {
            for event in snapshots where events.count < count {
                var shifted = event
                shifted.time = event.time + period * pass
                events.append(shifted)
            }
            pass += 1
        }
        return (sample.recording.tripName, events)
    }
}

struct SynthesisError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
