import FleetModel
import Foundation
import Testing
import TrackFormats

@testable import TripFollowing
@testable import TripRecordings

@Suite struct GPXImporterTests {
    let name = MonacoDrive.tripName

    func importGPX(_ text: String, path: String = "drive.gpx") throws -> TripRecording {
        try GPXImporter.recording(from: Data(text.utf8), path: path, tripName: name)
    }

    func importError(_ text: String, path: String = "drive.gpx") -> InputError? {
        do {
            _ = try GPXImporter.recording(from: Data(text.utf8), path: path, tripName: name)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - The fixture: a whole trip

    @Test func fixtureGoesThroughEveryStatusPointByPoint() throws {
        let recording = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "Tests/Fixtures/monaco-drive.gpx",
            tripName: name)
        let snapshots = recording.snapshots
        #expect(snapshots.map(\.trip.tripStatus) == MonacoDrive.fixtureStatuses)
        #expect(
            recording.statusPath == [
                .enrouteToPickup, .arrivedAtPickup, .enrouteToIntermediateDestination,
                .arrivedAtIntermediateDestination,
                .enrouteToDropoff, .complete,
            ])
        // Both segments, in order, one snapshot per point at the point's time.
        #expect(snapshots.map(\.observedAt) == (0..<18).map { MonacoDrive.at(Int64($0) * 10) })
        #expect(snapshots.map(\.trip.lastLocation?.updateTime) == snapshots.map(\.observedAt))
        #expect(recording.source == "GPX track monaco-drive.gpx")
        #expect(recording.tripName == name)
        #expect(recording.created == MonacoDrive.at(-60))
        // Depot lies before the pickup along the track, so it is no stop.
        #expect(
            recording.events.contains {
                $0.kind
                    == .note("waypoint \"Depot\" is not between the pickup and the dropoff along the track; ignored")
            })
    }

    @Test func fixtureTripFields() throws {
        let recording = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "monaco-drive.gpx", tripName: name)
        let trips = recording.snapshots.map(\.trip)
        let first = try #require(trips.first)
        #expect(first.name == "providers/demo/trips/monaco")
        #expect(first.vehicleId == "gpx")
        #expect(first.tripType == .exclusive)
        #expect(first.pickupPoint == TerminalLocation(point: MonacoDrive.pickup))
        #expect(first.dropoffPoint == TerminalLocation(point: MonacoDrive.dropoff))
        #expect(first.intermediateDestinations == [TerminalLocation(point: MonacoDrive.casino)])
        // The ETAs a perfect predictor would give: when the track gets there.
        #expect(trips.allSatisfy { $0.pickupTime == MonacoDrive.at(30) && $0.dropoffTime == MonacoDrive.at(160) })
        #expect(
            first.remainingWaypoints.map(\.waypointType) == [
                .pickupWaypointType, .intermediateDestinationWaypointType, .dropOffWaypointType,
            ])
        #expect(first.remainingWaypoints.map(\.eta) == [MonacoDrive.at(30), MonacoDrive.at(100), MonacoDrive.at(160)])
        #expect(first.remainingWaypoints.map(\.tripId) == ["monaco", "monaco", "monaco"])
        #expect(first.etaToFirstWaypoint == MonacoDrive.at(30))
        #expect(first.remainingTimeToFirstWaypoint == ProtoDuration(seconds: 30))
        #expect(first.remainingWaypoints[1].duration == ProtoDuration(seconds: 70))
        // Elevation from the first segment only; the extension's speed and course on the second point.
        #expect(trips.map(\.lastLocation?.altitude) == [40, 41, 42, 43, 44, 45] + Array(repeating: nil, count: 12))
        #expect(trips[1].lastLocation?.speed == 9.3)
        #expect(trips[1].lastLocation?.heading == 225)
        #expect(trips.allSatisfy { $0.lastLocation?.locationSensor == .gps })
        // Intermediate destination index while heading to and waiting at the casino.
        #expect(trips.map(\.intermediateDestinationIndex).allSatisfy { $0 == 0 })
        // Waiting at the casino: still the first remaining waypoint, 0 m away; then gone.
        #expect(
            trips[10].remainingWaypoints.map(\.waypointType) == [
                .intermediateDestinationWaypointType, .dropOffWaypointType,
            ])
        #expect(trips[10].remainingDistanceMeters == 0 && trips[10].route.isEmpty)
        #expect(trips[12].remainingWaypoints.map(\.waypointType) == [.dropOffWaypointType])
        let last = try #require(trips.last)
        #expect(last.tripStatus == .complete)
        #expect(last.remainingWaypoints.isEmpty && last.route.isEmpty && last.remainingDistanceMeters == nil)
        #expect(last.etaToFirstWaypoint == nil)
    }

    @Test func routeIsTheRestOfTheTrackToTheNextStop() throws {
        let recording = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "monaco-drive.gpx", tripName: name)
        let trips = recording.snapshots.map(\.trip)
        // At the start: to the pickup (about 278 m), starting where the vehicle is.
        #expect(trips[0].route.first == MonacoDrive.start)
        #expect(trips[0].route.last == MonacoDrive.pickup)
        #expect(
            abs(Double(trips[0].remainingDistanceMeters ?? 0) - Geo.distance(MonacoDrive.start, MonacoDrive.pickup))
                <= 1)
        #expect(trips[2].remainingDistanceMeters.map { (90...96).contains($0) } == true)
        // Waiting at the pickup: nothing to drive.
        #expect(trips[3...6].allSatisfy { $0.route.isEmpty && $0.remainingDistanceMeters == 0 })
        // Then to the casino, not beyond it.
        #expect(trips[7].route.last == MonacoDrive.casino)
        #expect(trips[7].remainingDistanceMeters.map { (295...305).contains($0) } == true)
        // Then to the dropoff.
        #expect(trips[12].route.last == MonacoDrive.dropoff)
        #expect(trips[16].tripStatus == .enrouteToDropoff)
        #expect(trips[16].remainingDistanceMeters == 0)
        // Remaining distance only ever shrinks while driving to the same stop.
        let toDropoff = trips[12...16].compactMap(\.remainingDistanceMeters)
        #expect(toDropoff == toDropoff.sorted(by: >))
    }

    // MARK: - Status derivation

    @Test func pickupAndDropoffFromNamedWaypoints() throws {
        let drive = MonacoDrive.standard()
        let recording = try importGPX(
            TrackDocuments.gpx(
                [drive.points], waypoints: [("PICKUP", MonacoDrive.pickup), ("dropoff", MonacoDrive.dropoff)]))
        #expect(
            recording.snapshots.map(\.trip.tripStatus) == [
                .enrouteToPickup, .enrouteToPickup, .enrouteToPickup, .arrivedAtPickup, .arrivedAtPickup,
                .arrivedAtPickup,
            ]
                + Array(repeating: .enrouteToDropoff, count: 9) + [.complete])
        let trip = try #require(recording.snapshots.first?.trip)
        #expect(trip.pickupPoint?.point == MonacoDrive.pickup)
        #expect(trip.dropoffPoint?.point == MonacoDrive.dropoff)
        #expect(trip.intermediateDestinations.isEmpty)
        #expect(trip.pickupTime == MonacoDrive.at(30))
        #expect(trip.dropoffTime == MonacoDrive.at(140))
    }

    @Test func pickupAndDropoffFromFirstAndLastPoints() throws {
        var drive = MonacoDrive(at: MonacoDrive.pickup)
        drive.wait(steps: 1)
        drive.drive(to: MonacoDrive.dropoff, steps: 9)
        let recording = try importGPX(TrackDocuments.gpx([drive.points]))
        let trips = recording.snapshots.map(\.trip)
        #expect(
            trips.map(\.tripStatus) == [.arrivedAtPickup, .arrivedAtPickup]
                + Array(repeating: .enrouteToDropoff, count: 8) + [.complete])
        #expect(trips[0].pickupPoint?.point == drive.points.first?.location)
        #expect(trips[0].dropoffPoint?.point == drive.points.last?.location)
        #expect(trips[0].pickupTime == MonacoDrive.t0)
        #expect(trips[0].dropoffTime == MonacoDrive.at(100))
        #expect(
            recording.events.contains {
                $0.kind == .note("no waypoint named pickup: the trip starts at the pickup, the first track point")
            })
    }

    @Test func waypointTypeMarksThePickup() throws {
        let text = TrackDocuments.gpx([MonacoDrive.standard().points]).replacingOccurrences(
            of: "<trk>",
            with: "<wpt lat=\"43.7384\" lon=\"7.4246\"><name>Rue Grimaldi</name><type>Pick-Up</type></wpt>\n  <trk>")
        let trip = try #require(try importGPX(text).snapshots.first?.trip)
        #expect(trip.pickupPoint?.point == MonacoDrive.pickup)
        #expect(trip.tripStatus == .enrouteToPickup)
        #expect(trip.intermediateDestinations.isEmpty)
    }

    @Test func intermediateStopsInTrackOrder() throws {
        let drive = MonacoDrive.standard(viaCasino: true)
        let halfway = Geo.interpolate(MonacoDrive.casino, MonacoDrive.dropoff, fraction: 0.6)
        // Listed out of order in the file; the track passes the casino first.
        let recording = try importGPX(
            TrackDocuments.gpx(
                [drive.points],
                waypoints: [
                    ("pickup", MonacoDrive.pickup), ("Boulangerie", halfway), ("Casino", MonacoDrive.casino),
                    ("dropoff", MonacoDrive.dropoff),
                ]))
        let trips = recording.snapshots.map(\.trip)
        #expect(trips[0].intermediateDestinations.map(\.point) == [MonacoDrive.casino, halfway])
        #expect(
            recording.statusPath == [
                .enrouteToPickup, .arrivedAtPickup, .enrouteToIntermediateDestination,
                .arrivedAtIntermediateDestination,
                .enrouteToIntermediateDestination, .arrivedAtIntermediateDestination, .enrouteToDropoff, .complete,
            ])
        let indices = trips.filter {
            $0.tripStatus == .enrouteToIntermediateDestination || $0.tripStatus == .arrivedAtIntermediateDestination
        }
        .map(\.intermediateDestinationIndex)
        #expect(indices.first == 0 && indices.last == 1 && indices == indices.sorted())
        #expect(trips[0].remainingWaypoints.count == 4)
    }

    @Test func aStopTheTrackMissesIsTakenAtTheClosestPoint() throws {
        let drive = MonacoDrive.standard()
        // 60 m off the straight line to the dropoff.
        let aside = Geo.destination(
            from: Geo.interpolate(MonacoDrive.pickup, MonacoDrive.dropoff, fraction: 0.5), bearing: 120, distance: 60)
        let recording = try importGPX(
            TrackDocuments.gpx(
                [drive.points],
                waypoints: [("pickup", MonacoDrive.pickup), ("Kiosk", aside), ("dropoff", MonacoDrive.dropoff)]))
        #expect(
            recording.statusPath == [
                .enrouteToPickup, .arrivedAtPickup, .enrouteToIntermediateDestination,
                .arrivedAtIntermediateDestination,
                .enrouteToDropoff, .complete,
            ])
        #expect(recording.snapshots.filter { $0.trip.tripStatus == .arrivedAtIntermediateDestination }.count == 1)
        #expect(
            recording.events.contains {
                if case .note(let text) = $0.kind {
                    text.hasPrefix("the track never comes within 30 m of \"Kiosk\"")
                } else {
                    false
                }
            })
    }

    @Test func aTrackEndingShortOfTheDropoffNeverCompletes() throws {
        var drive = MonacoDrive(at: MonacoDrive.pickup)
        drive.drive(to: Geo.interpolate(MonacoDrive.pickup, MonacoDrive.dropoff, fraction: 0.5), steps: 4)
        let recording = try importGPX(TrackDocuments.gpx([drive.points], waypoints: [("dropoff", MonacoDrive.dropoff)]))
        let trips = recording.snapshots.map(\.trip)
        #expect(recording.statusPath == [.arrivedAtPickup, .enrouteToDropoff])
        #expect(trips.allSatisfy { $0.dropoffTime == nil })
        #expect(trips.last?.remainingWaypoints.first?.eta == nil)
        // The route still ends at the dropoff: the rest of the way is unknown, so it is a straight line.
        #expect(trips.last?.route.last == MonacoDrive.dropoff)
        #expect(
            trips.last?.remainingDistanceMeters.map {
                abs(Double($0) - Geo.distance(MonacoDrive.pickup, MonacoDrive.dropoff) / 2) < 2
            } == true)
    }

    @Test func lastPointWithin50MetresOfTheDropoffCompletes() throws {
        let near = Geo.destination(from: MonacoDrive.dropoff, bearing: 0, distance: 45)
        var drive = MonacoDrive(at: MonacoDrive.pickup)
        drive.drive(to: near, steps: 8)
        let trips = try importGPX(TrackDocuments.gpx([drive.points], waypoints: [("dropoff", MonacoDrive.dropoff)]))
            .snapshots.map(\.trip)
        #expect(trips.last?.tripStatus == .complete)
        #expect(trips.last?.dropoffTime == MonacoDrive.at(80))
        #expect(trips.dropLast().last?.tripStatus == .enrouteToDropoff)
    }

    @Test func multipleSegmentsAreOneDrive() throws {
        let points = MonacoDrive.standard().points
        let recording = try importGPX(
            TrackDocuments.gpx([Array(points[0..<4]), Array(points[4..<9]), Array(points[9...])]))
        #expect(recording.snapshots.map(\.trip.lastLocation?.location) == points.map(\.location))
        #expect(recording.snapshots.map(\.observedAt) == points.map(\.time))
    }

    // MARK: - Speed and heading

    @Test func speedAndHeadingAreDerivedFromTheNextPoint() throws {
        let origin = LatLng(latitude: 43.7300, longitude: 7.4150)
        let north = Geo.destination(from: origin, bearing: 0, distance: 100)
        let east = Geo.destination(from: north, bearing: 90, distance: 50)
        var drive = MonacoDrive(at: origin)
        drive.drive(to: north, steps: 1)
        drive.wait(steps: 1)  // parked: keeps the heading it had
        drive.drive(to: east, steps: 1)
        let locations = try importGPX(TrackDocuments.gpx([drive.points])).snapshots.compactMap(\.trip.lastLocation)
        #expect(locations.map(\.heading) == [0, 0, 90, 90])
        #expect(locations.map(\.speed) == [10, 0, 5, 5])
    }

    @Test func gpx10SpeedAndCourseAreUsedAsRecorded() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.0" creator="old logger" xmlns="http://www.topografix.com/GPX/1/0">
              <time>2026-03-14T08:00:00Z</time>
              <trk><trkseg>
                <trkpt lat="43.7384" lon="7.4246"><time>2026-03-14T09:00:00Z</time><course>123.6</course><speed>5.5</speed></trkpt>
                <trkpt lat="43.7380" lon="7.4243"><time>2026-03-14T09:00:10Z</time></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let recording = try importGPX(text)
        let locations = recording.snapshots.compactMap(\.trip.lastLocation)
        #expect(locations[0].speed == 5.5)
        #expect(locations[0].heading == 124)
        // The second point has neither: derived from the move before it.
        #expect(
            locations[1].heading
                == TrackMotion.wholeDegrees(
                    Geo.bearing(
                        from: LatLng(latitude: 43.7384, longitude: 7.4246),
                        to: LatLng(latitude: 43.7380, longitude: 7.4243))))
        #expect(recording.created == ProtoTimestamp(seconds: 1_773_475_200))
    }

    @Test func timesWithoutAZoneAreUTC() throws {
        let text = TrackDocuments.gpx([MonacoDrive.standard().points]).replacingOccurrences(
            of: "Z</time>", with: "</time>")
        #expect(try importGPX(text).snapshots.first?.observedAt == MonacoDrive.t0)
    }

    // MARK: - Errors

    /// Found by the `gpx` fuzzer: libxml2 crashed on a document declaring UTF-7 with bytes iconv rejects. Such a
    /// file is now refused before the XML parser sees it.
    @Test func aFileDeclaringAnEncodingOtherThanUTF8IsAnErrorNotACrash() throws {
        let data = try MonacoDrive.fixture("fuzz-utf7-declared", "gpx")
        #expect(
            throws: InputError(
                path: "fuzz.gpx", line: 1,
                message: "the XML declaration names encoding \"UTF-7\": only UTF-8 (or ASCII, ISO-8859-1) XML is read")
        ) {
            try GPXImporter.recording(from: data, path: "fuzz.gpx", tripName: name)
        }
        let latin1 =
            #"<?xml version="1.0" encoding="ISO-8859-1"?><gpx version="1.1"><trk><trkseg><trkpt lat="43.7384" lon="7.4246"><time>2026-03-14T09:00:00Z</time></trkpt><trkpt lat="43.7380" lon="7.4243"><time>2026-03-14T09:00:05Z</time></trkpt></trkseg></trk></gpx>"#
        #expect(throws: Never.self) { try importGPX(latin1) }
    }

    @Test func aTrackPointWithoutTimeIsAnErrorAtItsLine() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><trkseg>
                <trkpt lat="43.7384" lon="7.4246"><time>2026-03-14T09:00:00Z</time></trkpt>
                <trkpt lat="43.7380"
                       lon="7.4243"><ele>12</ele></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let error = importError(text, path: "walk.gpx")
        #expect(
            error
                == InputError(
                    path: "walk.gpx", line: 5, column: 5,
                    message: "track point has no <time>: tripterm needs timed points"))
        #expect(error?.description == "walk.gpx:5:5: track point has no <time>: tripterm needs timed points")
    }

    @Test func malformedXMLIsAnErrorAtLineAndColumn() {
        let mismatched = """
            <gpx version="1.1">
              <trk><trkseg>
                <trkpt lat="43.7384" lon="7.4246"><time>2026-03-14T09:00:00Z</time></trkseg>
              </trk>
            </gpx>
            """
        #expect(
            importError(mismatched)
                == InputError(
                    path: "drive.gpx", line: 3, column: 72,
                    message: "malformed XML: closing tag does not match <trkpt> opened at 3:5"))

        let unquoted = "<gpx version=\"1.1\">\n  <wpt lat=43.7 lon=\"7.42\"/>\n</gpx>\n"
        #expect(
            importError(unquoted)
                == InputError(
                    path: "drive.gpx", line: 2, column: 12, message: "malformed XML: attribute value is not in quotes"))

        let truncated =
            "<gpx version=\"1.1\">\n  <trk><trkseg>\n    <trkpt lat=\"43.7\" lon=\"7.42\"><time>2026-03-14T09:00:00Z</time></trkpt>\n"
        let error = importError(truncated)
        #expect(error?.line == 3 && error?.column == 75)  // the end of the file
        #expect(error?.message == "malformed XML: the file ends before <trkseg> opened at 2:8 is closed")
    }

    @Test func aRouteWithoutATrackIsAnError() {
        let text = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <rte><name>planned</name>
                <rtept lat="43.7384" lon="7.4246"/><rtept lat="43.7311" lon="7.4197"/>
              </rte>
            </gpx>
            """
        let error = importError(text)
        #expect(error?.line == 2 && error?.column == 3)
        #expect(error?.message.hasPrefix("the file has a route (<rte>) but no track") == true)
    }

    @Test func otherBadInputIsAnErrorNotACrash() {
        #expect(importError("")?.message == "empty file: expected a GPX document")
        #expect(
            importError("<kml xmlns=\"http://www.opengis.net/kml/2.2\"></kml>")?.message
                == "not a GPX document: the root element is <kml>, expected <gpx>")
        #expect(
            importError("<gpx version=\"1.1\"></gpx>")?.message
                == "no track points (<trkpt>): tripterm needs a recorded track to replay")
        #expect(importError("not xml at all")?.message == "malformed XML: expected an XML document starting with '<'")
        let badLatitude =
            "<gpx>\n<trk><trkseg><trkpt lat=\"143.7\" lon=\"7.4\"><time>2026-03-14T09:00:00Z</time></trkpt></trkseg></trk></gpx>"
        #expect(
            importError(badLatitude)
                == InputError(
                    path: "drive.gpx", line: 2, column: 14,
                    message: "<trkpt> lat=\"143.7\" is not a latitude in degrees (-90 to 90)"))
        let badTime =
            "<gpx>\n<trk><trkseg><trkpt lat=\"43.7\" lon=\"7.4\">\n  <time>yesterday</time></trkpt></trkseg></trk></gpx>"
        let timeError = importError(badTime)
        #expect(timeError?.line == 3 && timeError?.column == 3)
        #expect(timeError?.message.hasPrefix("invalid <time>: invalid Timestamp \"yesterday\"") == true)
        let missingLongitude = "<gpx><wpt lat=\"43.7\"><name>pickup</name></wpt></gpx>"
        #expect(importError(missingLongitude)?.message == "<wpt> has no lon attribute")
    }

    @Test func pointsMustBeInTimeOrder() {
        var points = MonacoDrive.standard().points
        points[4].time = MonacoDrive.at(45)
        points[5].time = MonacoDrive.at(35)
        let error = importError(TrackDocuments.gpx([points]))
        #expect(error?.line == 10 && error?.column == 7)
        #expect(
            error?.message
                == "track point time 2026-03-14T09:00:35Z is before the previous point's (2026-03-14T09:00:45Z): tripterm needs points in time order"
        )
    }

    @Test func everyTruncationOrCorruptionIsATripOrAnError() throws {
        let data = try MonacoDrive.fixture("monaco-drive", "gpx")
        var outcomes = (trips: 0, errors: 0)
        func attempt(_ bytes: Data) {
            do {
                let recording = try GPXImporter.recording(from: bytes, path: "cut.gpx", tripName: name)
                #expect(!recording.snapshots.isEmpty)
                outcomes.trips += 1
            } catch {
                #expect(error.line != nil || !error.message.isEmpty)
                outcomes.errors += 1
            }
        }
        for length in 0..<data.count { attempt(data.prefix(length)) }
        var generator = SplitMix64(seed: 0x6770_78)
        for _ in 0..<300 {
            var bytes = data
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] = UInt8.random(in: 0...255, using: &generator)
            attempt(bytes)
        }
        #expect(outcomes.errors > 0 && outcomes.trips > 0)
    }

    @Test func aSinglePointIsATripWaitingAtThePickup() throws {
        let recording = try importGPX(TrackDocuments.gpx([Array(MonacoDrive.standard().points.prefix(1))]))
        #expect(recording.snapshots.map(\.trip.tripStatus) == [.arrivedAtPickup])
        #expect(recording.snapshots.first?.trip.lastLocation?.heading == nil)
        #expect(recording.snapshots.first?.trip.lastLocation?.speed == nil)
    }

    // MARK: - Sniffing and compression

    @Test func looksLikeGPX() throws {
        #expect(GPXImporter.looksLikeGPX(try MonacoDrive.fixture("monaco-drive", "gpx")))
        #expect(GPXImporter.looksLikeGPX(try MonacoDrive.fixture("monaco-drive", "gpx.gz")))
        #expect(GPXImporter.looksLikeGPX(Data("\u{FEFF}<!DOCTYPE gpx>\n<!-- hi --><gpx:gpx xmlns:gpx=\"x\"/>".utf8)))
        #expect(!GPXImporter.looksLikeGPX(try MonacoDrive.fixture("monaco-drive", "geojson")))
        #expect(!GPXImporter.looksLikeGPX(Data("<?xml version=\"1.0\"?><kml/>".utf8)))
        #expect(!GPXImporter.looksLikeGPX(Data("{\"format\": \"tripterm\"}".utf8)))
        #expect(!GPXImporter.looksLikeGPX(Data()))
    }

    @Test func gzipCompressedTracksImportAsThemselves() throws {
        let plain = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx"), path: "monaco-drive.gpx", tripName: name)
        let compressed = try GPXImporter.recording(
            from: try MonacoDrive.fixture("monaco-drive", "gpx.gz"), path: "monaco-drive.gpx", tripName: name)
        #expect(compressed == plain)
    }
}
