import FleetModel
import Foundation
import TestSupport
import Testing
import TrackFormats

@testable import TripFollowing
@testable import TripRecordings

@Suite struct CloudLoggingImporterTests {
    static let tripName = "providers/sample-project-id/trips/a51c8f15-47c0-4bae-8262-8421b0a3e058"
    /// The whole real export, in shared/ beside the checkout.
    static func fullExportPath() throws -> String { try Repository.file("Tests/Fixtures/jump-demo.json") }

    /// The trimmed real export (see `Fixtures/jump-demo-NOTICE.md`).
    static func fixture() throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: "jump-demo-a51c8f15", withExtension: "json", subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    static func fixtureEntries() throws -> [JSONValue] {
        let document = try JSONDecoder().decode(JSONValue.self, from: try fixture())
        if case .array(let entries)? = document["rawLogs"] { return entries }
        Issue.record("the fixture has no rawLogs array")
        return []
    }

    /// The trips of an export, without where their entries sit in it: that differs between the shapes of one export,
    /// which these tests compare, and `LogExportSourceTests` pins it.
    static func importing(_ data: Data, path: String = "export.json") throws -> [TripRecording] {
        let (recordings, warnings) = try CloudLoggingImporter.recordings(from: data, path: path)
        #expect(warnings.isEmpty, "\(warnings)")
        return recordings.map { recording in
            var recording = recording
            recording.logExport = nil
            for index in recording.events.indices { recording.events[index].logEntry = nil }
            return recording
        }
    }

    static func time(_ text: String) throws -> ProtoTimestamp { try ProtoTimestamp(rfc3339: text) }

    static func encode(_ value: JSONValue) throws -> Data { try JSONEncoder().encode(value) }

    // MARK: The real trip

    @Test func theFixtureTripGoesFromAssignmentThroughPickupToCancellation() throws {
        let recordings = try Self.importing(try Self.fixture(), path: "fixtures/jump-demo-a51c8f15.json")
        let recording = try #require(recordings.first)
        #expect(recordings.count == 1)
        #expect(recording.tripName.description == Self.tripName)
        #expect(recording.source == "Cloud Logging export jump-demo-a51c8f15.json")
        // The real sequence: created NEW, assigned while still NEW, then three status updates within 7 s, and a
        // cancellation 21 minutes later with the rider never dropped off.
        #expect(recording.statusPath == [.new, .enrouteToPickup, .arrivedAtPickup, .enrouteToDropoff, .canceled])
        let (created, canceled) = (
            try Self.time("2021-11-13T18:17:45.816068Z"), try Self.time("2021-11-13T18:39:31.333775Z")
        )
        #expect(recording.timeSpan == created...canceled)
        #expect(recording.snapshots.first?.trip.tripStatus == .new)
        #expect(recording.snapshots.first?.trip.vehicleId == "")
    }

    @Test func snapshotsCarryTheVehicleAsItMoves() throws {
        let recording = try #require(try Self.importing(try Self.fixture()).first)
        let locations = recording.snapshots.compactMap { $0.trip.lastLocation?.location }
        #expect(Set(locations.map { "\($0.latitude),\($0.longitude)" }).count > 25)
        let first = try #require(locations.first), last = try #require(locations.last)
        #expect(Geo.distance(first, last) > 2_000)
        // Ordinary logs redact the snapped location; the raw GPS fix stands in, with its time.
        let located = try #require(recording.snapshots.first { $0.trip.lastLocation != nil }?.trip.lastLocation)
        #expect(located.location == located.rawLocation)
        #expect(located.updateTime == located.rawLocationTime)
        #expect(located.locationSensor == .roadSnappedLocationProvider)
    }

    @Test func vehicleReportsCountOnlyWhileTheTripIsAssigned() throws {
        let recording = try #require(try Self.importing(try Self.fixture()).first)
        let assigned = try Self.time("2021-11-13T18:17:54.729806Z")
        let canceled = try Self.time("2021-11-13T18:39:31.333775Z")
        // Two reports come before the assignment and two after the cancellation: none of them makes a snapshot.
        for snapshot in recording.snapshots where snapshot.observedAt < assigned {
            #expect(snapshot.trip.lastLocation == nil)
        }
        #expect(recording.events.last?.time == canceled)
        let end = try #require(recording.snapshots.last?.trip)
        #expect(end.tripStatus == .canceled)
        // The canceling update has no location: the last report's is kept (18:39:27, not 18:39:32 after the end).
        #expect(end.lastLocation?.location == LatLng(latitude: 37.79112033, longitude: -122.45296262))
        #expect(end.remainingDistanceMeters == nil)
        #expect(end.etaToFirstWaypoint == nil)
    }

    @Test func remainingTimeSecondsBecomesTheETAAsFleetEngineComputesIt() throws {
        let recording = try #require(try Self.importing(try Self.fixture()).first)
        // UpdateVehicle at 18:18:10.184533Z: remainingTimeSeconds 643, remainingDistanceMeters 3951, heading to this
        // trip's drop-off.
        let at = try Self.time("2021-11-13T18:18:10.184533Z")
        let trip = try #require(recording.snapshots.first { $0.observedAt == at }?.trip)
        #expect(trip.tripStatus == .enrouteToDropoff)
        #expect(trip.remainingDistanceMeters == 3951)
        #expect(trip.etaToFirstWaypoint == at + .seconds(643))
        #expect(trip.remainingTimeToFirstWaypoint == ProtoDuration(seconds: 643))
        #expect(trip.dropoffTime == at + .seconds(643))
        #expect(trip.currentRouteSegmentEndPoint?.waypointType == .dropOffWaypointType)
        #expect(trip.pickupTime == (try Self.time("2021-11-13T18:18:01.715806Z")), "the actual pickup time stays")
    }

    @Test func theExportHasRouteHandlesButNoS2Routes() throws {
        // jump-demo's logs carry `currentRouteSegmentHandle` only, so there is no active route to show; the copy of
        // real S2 segments is covered by `anS2SegmentReportedByTheVehicleBecomesTheActiveRoute`.
        let recording = try #require(try Self.importing(try Self.fixture()).first)
        #expect(recording.snapshots.allSatisfy { $0.trip.currentRouteSegment.isEmpty && $0.trip.route.isEmpty })
    }

    // MARK: Spellings, shapes and order

    @Test func lowerCasedKeysGiveTheSameRecordings() throws {
        func lowerCased(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members):
                .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key.lowercased(), lowerCased($0.value)) }))
            case .array(let items): .array(items.map(lowerCased))
            default: value
            }
        }
        let document = try JSONDecoder().decode(JSONValue.self, from: try Self.fixture())
        let lower = lowerCased(document)
        let text = String(decoding: try Self.encode(lower), as: UTF8.self)
        #expect(
            text.contains(#""jsonpayload""#) && text.contains(#""lastlocation""#) && !text.contains(#""jsonPayload""#))
        #expect(try Self.importing(Data(text.utf8)) == (try Self.importing(try Self.fixture())))
    }

    @Test func aBareArrayJSONLinesAndAShuffledExportGiveTheSameRecordings() throws {
        let expected = try Self.importing(try Self.fixture())
        let entries = try Self.fixtureEntries()
        let array = try Self.encode(.array(entries))
        var lines = Data()
        for entry in entries {
            lines.append(try Self.encode(entry))
            lines.append(UInt8(ascii: "\n"))
        }
        var generator = SplitMix64(seed: 2021)
        let shuffled = try Self.encode(.array(entries.shuffled(using: &generator)))
        #expect(try Self.importing(array) == expected)
        #expect(try Self.importing(lines) == expected)
        #expect(try Self.importing(shuffled) == expected)
        #expect(try Self.importing(Data("\u{FEFF}".utf8) + lines) == expected, "a byte-order mark is skipped")
    }

    // MARK: The whole real export

    @Test func theFullExportHoldsFourTrips() throws {
        let path = try Self.fullExportPath()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let recordings = try Self.importing(data, path: path)
        let summary = recordings.map { recording in
            "\(recording.tripName.tripID): \(recording.statusPath.map(\.protoName).joined(separator: " > ")), \(recording.snapshots.count) snapshots"
        }
        // Four trips of one vehicle on 2021-11-13, in creation order. Only the first gets past the pickup; all four end
        // CANCELED, none COMPLETE.
        #expect(
            summary == [
                "a51c8f15-47c0-4bae-8262-8421b0a3e058: NEW > ENROUTE_TO_PICKUP > ARRIVED_AT_PICKUP > ENROUTE_TO_DROPOFF > CANCELED, 198 snapshots",
                "2f03ff03-1d0e-49e2-91d4-f3c674d98073: NEW > ENROUTE_TO_PICKUP > CANCELED, 28 snapshots",
                "d9d7686f-0dd2-4114-a1e2-ae11201d4c0f: NEW > ENROUTE_TO_PICKUP > CANCELED, 12 snapshots",
                "73a320f8-0e1f-44cb-ba99-cdad010cdaf4: NEW > ENROUTE_TO_PICKUP > CANCELED, 72 snapshots",
            ])
        // (The last trip's vehicle logged at 19:41:41 a fix taken at 19:41:21, after one taken at 19:41:37: a report
        // that reached the server late is stale and adds no snapshot.)
        // Each trip has one CreateTrip and 5, 3, 3 and 3 UpdateTrip entries; the other snapshots come from the
        // vehicle's reports.
        // (Counted with JSONSerialization: decoding the 1.5 MB as JSONValue takes seconds in a debug build.)
        let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = try #require(document?["rawLogs"] as? [[String: Any]])
        let updateTrips = recordings.map { recording in
            entries.filter { entry in
                (entry["logName"] as? String)?.hasSuffix("%2Fupdate_trip") == true
                    && (entry["labels"] as? [String: Any])?["trip_id"] as? String == recording.tripName.tripID
            }.count
        }
        #expect(updateTrips == [5, 3, 3, 3])
        let spans = try recordings.map { try #require($0.timeSpan) }
        #expect(
            spans.map(\.lowerBound)
                == (try [
                    "2021-11-13T18:17:45.816068Z", "2021-11-13T19:09:51.767294Z", "2021-11-13T19:33:17.634309Z",
                    "2021-11-13T19:35:11.016678Z",
                ].map(Self.time)))
        #expect(
            spans.map(\.upperBound)
                == (try [
                    "2021-11-13T18:39:31.333775Z", "2021-11-13T19:18:16.834071Z", "2021-11-13T19:34:10.665311Z",
                    "2021-11-13T19:55:29.994489Z",
                ].map(Self.time)))
        // Where the driver's phone went quiet: for almost five minutes during the second trip, and for the last
        // thirteen minutes of the fourth, which was canceled without a word from the vehicle since 19:42:12.
        let notes = recordings.map { recording in
            recording.events.compactMap { event -> String? in if case .note(let text) = event.kind { text } else { nil }
            }
        }
        #expect(
            notes == [
                [],
                [
                    "no report from vehicle sample-vehicle-id for 286 s",
                    "no report from vehicle sample-vehicle-id for 114 s",
                ],
                [],
                ["no report from vehicle sample-vehicle-id for 797 s"],
            ])
    }

    // MARK: Routes, Restricted Use twins and damaged entries

    @Test func anS2SegmentReportedByTheVehicleBecomesTheActiveRoute() throws {
        let recording = try #require(try Self.importing(Data(CloudLoggingSamples.lowerCaseExport.utf8)).first)
        #expect(recording.tripName.description == "providers/gems/trips/fb13")
        #expect(recording.statusPath == [.new, .enrouteToPickup])
        let reportTime = try Self.time("2025-02-05T17:02:33.290265Z")
        let trip = try #require(recording.snapshots.last?.trip)
        #expect(recording.snapshots.last?.observedAt == reportTime)
        #expect(trip.currentRouteSegment == CloudLoggingSamples.segment)
        #expect(trip.currentRouteSegmentVersion == reportTime)
        let route = JourneySharingState(trip: trip).activeRoute
        #expect(route.count == 5)
        let start = try #require(route.first)
        #expect(abs(start.latitude - 37.3430830) < 1e-6 && abs(start.longitude - -122.0697071) < 1e-6)
        #expect(trip.remainingDistanceMeters == 169)
        #expect(trip.etaToFirstWaypoint == reportTime + .seconds(53))
        #expect(trip.pickupTime == reportTime + .seconds(53))
        #expect(trip.lastLocation?.location == LatLng(latitude: 37.34308534, longitude: -122.06969965))
        #expect(trip.lastLocation?.heading == 12)
        #expect(trip.tripType == .exclusive)
        #expect(trip.pickupPoint?.point == LatLng(latitude: 37.3447131, longitude: -122.0679036))
        // Vehicle_2's report in the same export is not this trip's business.
        #expect(!recording.snapshots.contains { $0.trip.lastLocation?.location?.latitude == 1 })
    }

    @Test func aRestrictedUseTwinFillsInWhatItsParentRedacted() throws {
        let (recordings, warnings) = try CloudLoggingImporter.recordings(
            from: Data(CloudLoggingSamples.restrictedExport.utf8), path: "r.json")
        let trip = try #require(recordings.first?.snapshots.last?.trip)
        #expect(trip.tripStatus == .enrouteToPickup)
        #expect(trip.pickupPoint?.point == LatLng(latitude: 37.3447131, longitude: -122.0679036))
        #expect(trip.currentRouteSegment == CloudLoggingSamples.segment)
        #expect(trip.remainingWaypoints.map(\.waypointType) == [.pickupWaypointType, .dropOffWaypointType])
        #expect(trip.remainingWaypoints.first?.location?.point == LatLng(latitude: 37.3447131, longitude: -122.0679036))
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("entry [3] (insertId orphan.tos)") == true)
        #expect(warnings.first?.message.contains("parent entry (insertId gone)") == true)
    }

    @Test func damagedEntriesAreSkippedWithWarningsNamingThem() throws {
        let (recordings, warnings) = try CloudLoggingImporter.recordings(
            from: Data(CloudLoggingSamples.damagedExport.utf8), path: "d.json")
        #expect(recordings.map(\.statusPath) == [[.new, .enrouteToPickup]])
        #expect(warnings.map(\.path) == ["d.json", "d.json"])
        let messages = warnings.map(\.message)
        #expect(messages[0].hasPrefix("entry [2] (insertId bad-speed): jsonPayload.response.lastlocation.speed"))
        #expect(
            messages[1]
                == "entry [3] (insertId no-time): no timestamp or receiveTimestamp, so it cannot be placed in time; skipped"
        )
    }

    // MARK: Inputs that are not exports

    @Test func inputsThatAreNotExportsAreRefused() throws {
        let cases: [(String, String)] = [
            ("hello", LogExportReader.expected),
            (#"{"format": "tripterm-trip", "version": 1}"#, LogExportReader.expected),
            ("[1, 2, 3]", "an array with no log entries in it; \(LogExportReader.expected)"),
            (#"{"rawLogs": {}}"#, "rawLogs is not an array; \(LogExportReader.expected)"),
            (#"{"rawLogs": []}"#, "no CreateTrip or UpdateTrip entries: nothing to replay"),
            (CloudLoggingSamples.vehicleOnlyExport, "no CreateTrip or UpdateTrip entries: nothing to replay"),
            (
                CloudLoggingSamples.failedTripExport,
                "no successful CreateTrip or UpdateTrip entries (1 failed with an errorResponse): nothing to replay"
            ),
        ]
        for (text, message) in cases {
            #expect(throws: InputError(path: "bad.json", message: message), "\(text)") {
                try CloudLoggingImporter.recordings(from: Data(text.utf8), path: "bad.json")
            }
        }
        // A damaged JSON document gets the parser's account of the problem (worded by Foundation, so not pinned).
        let torn = try #require(throws: InputError.self) {
            try CloudLoggingImporter.recordings(from: Data(#"[{"logName": "x", "#.utf8), path: "bad.json")
        }
        #expect(torn.message.hasPrefix("not valid JSON ("))
        #expect(torn.message.hasSuffix("); \(LogExportReader.expected)"))
    }

    @Test func aJSONLinesLineThatDoesNotParseIsReportedByLineNumber() throws {
        let lines = CloudLoggingSamples.lowerCaseExport.split(separator: "\n")
        let text = lines[0] + "\n\n" + #"{"insertid": "torn", "jsonpayload": {"#
        let error = try #require(throws: InputError.self) {
            try CloudLoggingImporter.recordings(from: Data(text.utf8), path: "export.jsonl")
        }
        #expect(error.line == 3)
        #expect(error.description.hasPrefix("export.jsonl:3: not valid JSON"))
        #expect(error.message.hasSuffix("expected one log entry per line"))
    }

    @Test func looksLikeExportRecognisesExportsByContent() throws {
        #expect(CloudLoggingImporter.looksLikeExport(try Self.fixture()))
        #expect(CloudLoggingImporter.looksLikeExport(Data(CloudLoggingSamples.lowerCaseExport.utf8)))
        #expect(CloudLoggingImporter.looksLikeExport(Data(CloudLoggingSamples.restrictedExport.utf8)))
        #expect(!CloudLoggingImporter.looksLikeExport(Data(#"{"format":"tripterm-trip","version":1}"#.utf8)))
        #expect(!CloudLoggingImporter.looksLikeExport(Data(#"<?xml version="1.0"?><gpx logName="x"/>"#.utf8)))
        #expect(!CloudLoggingImporter.looksLikeExport(Data(#"{"type":"FeatureCollection","features":[]}"#.utf8)))
        #expect(!CloudLoggingImporter.looksLikeExport(Data()))
    }
}
