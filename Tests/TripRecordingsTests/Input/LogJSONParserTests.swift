import FleetModel
import Foundation
import TestSupport
import Testing

@testable import TripFollowing
@testable import TripRecordings

/// The importer's own parser and direct payload decoding must give what Foundation's path gives.
@Suite struct LogJSONParserTests {
    static func documents() throws -> [Data] {
        var documents = [
            try CloudLoggingImporterTests.fixture(), Data(CloudLoggingSamples.restrictedExport.utf8),
            Data(CloudLoggingSamples.damagedExport.utf8),
        ]
        documents += CloudLoggingSamples.lowerCaseExport.split(separator: "\n").map { Data($0.utf8) }
        documents.append(try Data(contentsOf: URL(fileURLWithPath: try CloudLoggingImporterTests.fullExportPath())))
        return documents
    }

    /// Equal but for numbers: `JSONSerialization` reads some 17-digit numbers a few units in the last place off
    /// (`1.0125709772109985` becomes `1.012570977210998`); the tape reads them correctly rounded, as `JSONDecoder`
    /// does (checked in FleetModelTests' `JSONTapeTests`).
    @Test func foldedValuesMatchJSONSerialization() throws {
        for data in try Self.documents() {
            var parser = LogJSONParser()
            let fast = try #require(data.withUnsafeBytes { parser.parse($0) })
            let foundation = try LogKeyFolding.parseWithFoundation(data)
            #expect(firstDifference(fast, foundation) == nil)
        }
    }

    @Test func keysThatFoldTogetherAreLeftToFoundation() throws {
        let data = Data(#"{"trip_id":"b","tripId":"a","nested":[{"X":1,"x":2}]}"#.utf8)
        var parser = LogJSONParser()
        #expect(data.withUnsafeBytes { parser.parse($0) } == nil)
        #expect(try LogKeyFolding.parse(data) == LogKeyFolding.parseWithFoundation(data))
        #expect(try LogKeyFolding.parse(data)["tripid"] == .string("a"))
    }

    @Test func escapesAndNumbersMatchJSONSerialization() throws {
        let data = Data(#"{"A_b":"\u00e9\n\"q\"","n":[-0,1.5,1e3,12345678901234567890,-7]," s":"Mónaco"}"#.utf8)
        var parser = LogJSONParser()
        let fast = try #require(data.withUnsafeBytes { parser.parse($0) })
        #expect(fast == (try LogKeyFolding.parseWithFoundation(data)))
    }

    /// Every trip and vehicle payload of the real export decodes directly, to what JSONDecoder makes of it.
    @Test func payloadsDecodeDirectlyToWhatJSONDecoderReads() throws {
        var direct = 0
        for data in try Self.documents() {
            guard case .array(let entries)? = try LogKeyFolding.parse(data)["rawlogs"] else { continue }
            for entry in entries {
                guard let payload = entry["jsonpayload"], let response = payload["response"] else { continue }
                let type = payload["@type"]?.logString ?? ""
                let schema = type.contains("Vehicle") ? LogSchema.vehicle : LogSchema.trip
                let value = schema.apiSpelling(of: response)
                let general = try JSONEncoder().encode(value)
                let source = JSONValueSource(value, options: LogSchema.decodingOptions)
                if type.contains("Vehicle") {
                    let expected = try? ProtoJSON.decode(
                        Vehicle.self, from: general, options: LogSchema.decodingOptions)
                    let fields = try #require(source.fields())
                    #expect((try? Vehicle(fields: fields)) == expected)
                } else {
                    let expected = try? ProtoJSON.decode(Trip.self, from: general, options: LogSchema.decodingOptions)
                    let fields = try #require(source.fields())
                    #expect((try? Trip(fields: fields)) == expected)
                }
                direct += 1
            }
        }
        #expect(direct > 100)
    }
}

/// Where two values differ, numbers compared to 15 significant digits; nil when they do not.
func firstDifference(_ a: JSONValue, _ b: JSONValue, path: String = "") -> String? {
    switch (a, b) {
    case (.object(let x), .object(let y)):
        guard Set(x.keys) == Set(y.keys) else { return "\(path): keys \(Set(x.keys).symmetricDifference(y.keys))" }
        return x.lazy.compactMap { key, value in firstDifference(value, y[key]!, path: path + "." + key) }.first
    case (.array(let x), .array(let y)):
        guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) elements" }
        return zip(x, y).enumerated().lazy.compactMap { firstDifference($1.0, $1.1, path: path + "[\($0)]") }.first
    case (.number(let x), .number(let y)):
        return x == y || abs(x - y) <= 1e-15 * max(abs(x), abs(y)) ? nil : "\(path): \(x) vs \(y)"
    default:
        return a == b ? nil : "\(path): \(a) vs \(b)"
    }
}
