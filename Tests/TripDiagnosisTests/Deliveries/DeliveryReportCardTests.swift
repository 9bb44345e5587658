import FleetModel
import Foundation
import TestSupport
import Testing
import TripDiagnosis
import TripRecordings

/// A Deliveries API export in the shapes real ones have (`Fixtures/make-delivery-day.py`): imported with its log
/// spellings undone, and made into the van's report card — pinned by golden files, and read the same from the
/// lower-cased JSON Lines that 2025 exports hold.
@Suite struct DeliveryReportCardTests {
    static let fixture = "Tests/TripDiagnosisTests/Fixtures/delivery-day.json"

    static func day(_ data: Data, path: String = "delivery-day.json") throws -> DeliveryRecording {
        let loaded = try RecordingLoader.load(data: data, path: path)
        #expect(loaded.recordings.isEmpty)
        return try #require(loaded.deliveries)
    }

    @Test func theExportsLogSpellingsAreReadAsTheAPIs() throws {
        let day = try Self.day(try Data(contentsOf: URL(fileURLWithPath: try Repository.file(Self.fixture))))
        #expect(day.vans.map(\.vehicleId) == ["van-7"])
        #expect(day.vans[0].name == "providers/lmfs-sample/deliveryVehicles/van-7")
        let failed = try #require(day.lastState(of: "t-2a"))
        #expect(failed.type == .delivery)
        #expect(failed.taskOutcome == .failed)
        #expect(failed.taskOutcomeLocationSource == .lastVehicleLocation)
        #expect(day.lastState(of: "t-1b")?.type == .pickup)
        // The first report after the assignment: three stops, the first NEW, the location sensor read from
        // `locSensor`.
        let assigned = try #require(day.vans[0].reports.first { $0.stops?.count == 3 })
        #expect(assigned.stops?.first?.state == .new)
        let moving = try #require(day.vans[0].reports.first { $0.remainingDuration != nil })
        #expect(moving.vehicle.lastLocation?.locationSensor == .gps)
        #expect(moving.vehicle.navigationStatus == .enrouteToDestination)
    }

    @Test func theVansCardSaysHowTheDayWent() throws {
        let day = try Self.day(try Data(contentsOf: URL(fileURLWithPath: try Repository.file(Self.fixture))))
        let card = try #require(DeliveryReportCard.cards(for: day).first)
        #expect(card.served.map(\.taskIDs) == [["t-1a", "t-1b"], ["t-2a"], ["t-3a"]])
        #expect(card.stopsLeft == 0)
        // A fix every 10 s on the road; none while the van waits at a stop (2 min).
        #expect(card.updates.median == 10)
        #expect((card.updates.max ?? 0) > 120)
        #expect(card.outcomes == .init(succeeded: 3, failed: 1, closedWithoutOutcome: 0, open: 0))
        // The driver's ETA to the second stop ran a minute optimistic; the others were right.
        #expect(card.served.map { $0.etaLateness?.seconds ?? .nan } == [0, 58, 0])
        #expect(card.served.allSatisfy { $0.arrived != nil && $0.completed! > $0.arrived! })
        #expect(card.outcomePlaces.first?.taskID == "t-2a")
        #expect(abs((card.outcomePlaces.first?.meters ?? 0) - 133) < 1)
        // The van says nothing while it waits at a stop: each wait is a silence longer than the minute Fleet Engine
        // expects, and the only finding.
        let diagnosis = Diagnoser().diagnose(day.vans[0], in: day)
        #expect(diagnosis.card == card)
        #expect(diagnosis.findings.map(\.kind) == [.missingUpdates, .missingUpdates, .missingUpdates])
        let file = "delivery-day.json"
        Golden.check(diagnosis.text(file: file) + "\n", against: Self.golden("delivery-day.txt"))
        Golden.check(diagnosis.json(file: file) + "\n", against: Self.golden("delivery-day.jsonl"))
    }

    /// The same export as 2025's: keys lower-cased, one entry a line.
    @Test func lowerCasedJSONLinesGiveTheSameCard() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: try Repository.file(Self.fixture)))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        let lines = try entries.map { entry in
            String(decoding: try JSONSerialization.data(withJSONObject: Self.lowerCased(entry)), as: UTF8.self)
        }
        let lower = try Self.day(Data(lines.joined(separator: "\n").utf8), path: "delivery-day.jsonl")
        let original = try Self.day(data)
        #expect(
            DeliveryReportCard.cards(for: lower)
                == DeliveryReportCard.cards(for: original).map { card in
                    var card = card
                    card.source = "Cloud Logging export delivery-day.jsonl"
                    return card
                })
    }

    static func lowerCased(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return Dictionary(uniqueKeysWithValues: object.map { ($0.key.lowercased(), lowerCased($0.value)) })
        }
        if let array = value as? [Any] { return array.map(lowerCased) }
        return value
    }

    static func golden(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name)
    }
}
