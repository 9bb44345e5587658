import FleetModel
import Foundation
import Testing
import TrackFormats

@testable import TripFollowing
@testable import TripRecordings

/// Reading a trip file by the direct path and in parts must give exactly what reading every line through
/// `JSONDecoder`, one after the other, gives: the same events, warnings, and errors at the same positions.
@Suite struct TripFileDirectReadingTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../Assets/trips"
    ).standardized

    static func sample(_ name: String) throws -> Data { try Data(contentsOf: assets.appendingPathComponent(name)) }

    /// The reading before the direct path: the header, then every line through `JSONDecoder`, in order.
    static func referenceRead(
        _ data: Data, path: String
    ) throws(InputError) -> (recording: TripRecording, warnings: [InputWarning]) {
        var lines = LineSplitter(data)
        let decoder = JSONDecoder()
        guard let first = lines.next(), let header = try? decoder.decode(TripFileHeader.self, from: first.bytes),
            let name = try? TripName(parsing: header.trip)
        else { throw InputError(path: path, message: "reference reader: bad header") }
        var recording = TripRecording(tripName: name, source: header.source, created: header.created)
        var warnings: [InputWarning] = []
        while let line = lines.next() {
            if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let result: Result<TripEvent, ProtoJSONError>
            do {
                result = try decoder.decode(TripFileEventLine.self, from: line.bytes).event()
            } catch {
                if line.isLast && !line.terminated {
                    warnings.append(
                        InputWarning(
                            path: path, line: line.number,
                            message: "skipped an incomplete last line (the recording was probably interrupted)"))
                    break
                }
                throw TripFileReader.lineError(path: path, line: line, error: error, expected: "an event")
            }
            switch result {
            case .success(let event): recording.events.append(event)
            case .failure(let error):
                throw InputError(
                    path: path, line: line.number, column: TripFileReader.column(of: error.path, in: line.bytes),
                    message: "\(error)")
            }
        }
        recording.sortEvents()
        return (recording, warnings)
    }

    /// What reading gave: the recording and warnings, or the error.
    enum Outcome: Equatable, CustomStringConvertible {
        case read(TripRecording, [InputWarning])
        case failed(InputError)

        init(_ read: () throws(InputError) -> (recording: TripRecording, warnings: [InputWarning])) {
            do {
                let (recording, warnings) = try read()
                self = .read(recording, warnings)
            } catch {
                self = .failed(error)
            }
        }

        var description: String {
            switch self {
            case .read(let recording, let warnings): "\(recording.events.count) events \(warnings)"
            case .failed(let error): "error \(error)"
            }
        }
    }

    /// The body read in `partCount` parts by the direct path, and the reference reading.
    static func outcomes(_ data: Data, partCount: Int) -> (direct: Outcome, reference: Outcome) {
        let direct = Outcome { () throws(InputError) in
            var lines = LineSplitter(data)
            _ = lines.next()
            var (recording, _) = try TripFileReader.read(data[..<lines.position], path: "t.jsonl")
            let body = try TripFileBodyReader.read(
                data[lines.position...], firstLine: 2, path: "t.jsonl", partCount: partCount)
            recording.events = body.events
            recording.sortEvents()
            return (recording, body.warnings)
        }
        return (direct, Outcome { () throws(InputError) in try referenceRead(data, path: "t.jsonl") })
    }

    /// Lines tripterm does not write but readers accept, each of which the direct path leaves to the general one or
    /// reads the same: snake_case, enums as numbers, int64s as strings, a failure, nulls, an unknown field, CRLF.
    static let unusualLines = [
        #"{"snapshot":{"name":"providers/p/trips/t","trip_status":"ENROUTE_TO_PICKUP"},"time":"2026-11-01T09:00:01Z"}"#,
        #"{"snapshot":{"name":"providers/p/trips/t","tripStatus":3,"numberOfPassengers":"2"},"time":"2026-11-01T09:00:02.5Z"}"#,
        #"{"failure":{"class":"recoverable","code":"UNAVAILABLE","message":"connection refused","retryAfter":"7s"},"time":"2026-11-01T09:00:03Z"}"#,
        #"{"note":"gap of \"12\" s — Mónaco","time":"2026-11-01T09:00:04Z","extra":[1,{"x":null}]}"#,
        #"{"snapshot":{"name":"providers/p/trips/t","lastLocation":null,"route":null},"time":"2026-11-01T09:00:05+01:00","note":null}"#,
        "{\"time\":\"2026-11-01T09:00:06Z\",\"note\":\"crlf\"}\r",
        "",
        "   ",
    ]

    /// The bundled sample with `copies` passes of its lines (not shifted: equal times are allowed) and the
    /// unusual lines in the middle: well over a megabyte, so it is read in parts.
    static func bigFile(copies: Int = 5) throws -> [String] {
        let lines = String(decoding: try sample("monaco-stops.jsonl"), as: UTF8.self).split(separator: "\n").map(
            String.init)
        var out = [lines[0]]
        for copy in 0..<copies {
            out += lines.dropFirst()
            if copy == copies / 2 { out += unusualLines }
        }
        return out
    }

    @Test func everySampleLineReadsTheSameDirectly() throws {
        for name in ["monaco-stops.jsonl", "jump-demo-a51c8f15.jsonl"] {
            var decoder = TripFileEventDecoder()
            var direct = 0
            let lines = try Self.sample(name).split(separator: UInt8(ascii: "\n")).dropFirst()
            for line in lines {
                let expected = try JSONDecoder().decode(TripFileEventLine.self, from: Data(line)).event()
                if let event = decoder.direct(Data(line)) {
                    #expect(Result.success(event) == expected)
                    direct += 1
                }
            }
            #expect(direct == lines.count, "\(name): only \(direct) of \(lines.count) lines read directly")
            // What tripterm writes, the one-pass stream reads: every message asks for its fields in written order.
            #expect(decoder.streamed == lines.count && decoder.notStreamed == 0, "\(name): left to the tape")
        }
    }

    @Test func unusualLinesReadTheSameAsThroughJSONDecoder() throws {
        var decoder = TripFileEventDecoder()
        for line in Self.unusualLines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let data = Data(line.utf8)
            #expect(try decoder.event(data) == (try JSONDecoder().decode(TripFileEventLine.self, from: data).event()))
        }
    }

    @Test(arguments: [1, 2, 3, 7])
    func bigFileReadsTheSameInPartsAsOneLineAfterAnother(parts: Int) throws {
        let data = Data((try Self.bigFile().joined(separator: "\n") + "\n").utf8)
        #expect(data.count > TripFileBodyReader.parallelThreshold)
        let (direct, reference) = Self.outcomes(data, partCount: parts)
        #expect(direct == reference)
        #expect(direct.description.hasPrefix("\(5 * 133 + 6) events"))
    }

    @Test func partsEndOnLineBoundariesAndNumberTheirLines() throws {
        let body = Data("a\nbb\nccc\n\ndddd\ne".utf8)
        let parts = TripFileBodyReader.split(body, firstLine: 2, into: 3)
        #expect(parts.map { String(decoding: $0.bytes, as: UTF8.self) } == ["a\nbb\nccc\n", "\ndddd\n", "e"])
        #expect(parts.map(\.firstLine) == [2, 5, 7])
        #expect(TripFileBodyReader.split(Data("x".utf8), firstLine: 2, into: 4).count == 1)
    }

    /// A bad line anywhere — in the first part, the last, or one in each — is reported at the same place as by a
    /// reading from the top; the first bad line wins.
    @Test(arguments: [
        ["{not json"], [#"{"snapshot":{"tripStatus":"DRIVING"},"time":"2026-11-01T09:00:00Z"}"#],
        [#"{"note":"no time"}"#], [#"{"snapshot":{"lastLocation":{"heading":"north"}},"time":"2026-11-01T09:00:00Z"}"#],
        [#"{"note":"x","time":"2026-13-01T00:00:00Z"}"#],
        [#"{"snapshot":{"route":[{"latitude":1e999}]},"time":"2026-11-01T09:00:00Z"}"#],
    ])
    func badLinesAreReportedWhereTheyAre(bad: [String]) throws {
        var lines = try Self.bigFile()
        for position in [10, lines.count / 2 + 3, lines.count - 2] {
            var damaged = lines
            damaged[position] = bad[0]
            let data = Data((damaged.joined(separator: "\n") + "\n").utf8)
            let (direct, reference) = Self.outcomes(data, partCount: 2)
            #expect(direct == reference)
            #expect(direct.description.hasPrefix("error t.jsonl:\(position + 1):"), "\(direct)")
        }
        lines[20] = bad[0]
        lines[lines.count - 5] = "{}"
        let (direct, reference) = Self.outcomes(Data(lines.joined(separator: "\n").utf8), partCount: 3)
        #expect(direct == reference)
        #expect(direct.description.hasPrefix("error t.jsonl:21:"))
    }

    @Test func tornLastLineOfABigFileIsAWarning() throws {
        var text = try Self.bigFile().joined(separator: "\n")
        text.removeLast(40)
        let (direct, reference) = Self.outcomes(Data(text.utf8), partCount: 2)
        #expect(direct == reference)
        #expect(direct.description.contains("warning: skipped an incomplete last line"))
    }

    /// The public entry point on a big file, as `replay` and the benchmark call it.
    @Test func readerGivesTheReferenceRecording() throws {
        let data = Data((try Self.bigFile(copies: 8).joined(separator: "\n") + "\n").utf8)
        let read = try TripFileReader.read(data, path: "t.jsonl")
        let reference = try Self.referenceRead(data, path: "t.jsonl")
        #expect(read.recording == reference.recording)
        #expect(read.warnings == reference.warnings)
    }
}
