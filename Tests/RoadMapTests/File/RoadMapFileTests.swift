import FleetModel
import Foundation
import Testing

@testable import RoadMap

@Suite("Road-map file")
struct RoadMapFileTests {
    private let sample = RoadMap(
        attribution: "© test",
        ways: [
            RoadWay(
                id: 5, roadClass: .primary, name: "Rue A", isOneWay: true, maxSpeedKmh: 48.3,
                points: [LatLng(latitude: 43.1, longitude: 7.1), LatLng(latitude: 43.1000001, longitude: 7.1000002)]),
            RoadWay(
                id: -3, roadClass: .service,
                points: [
                    LatLng(latitude: 43.1000001, longitude: 7.1000002), LatLng(latitude: -20.5, longitude: -54.6),
                    LatLng(latitude: 43.1, longitude: 7.1),
                ]),
            RoadWay(
                id: 1 << 40, roadClass: .minor, name: "Rue A",
                points: [LatLng(latitude: 0, longitude: 0), LatLng(latitude: 0, longitude: 180)]),
        ])

    @Test func roundTripsThroughAFile() throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sample.roadmap").path
        try RoadMapFile.save(sample, to: path)
        #expect(try RoadMapFile.load(path: path) == sample)
    }

    @Test func committedMonacoMapRoundTrips() throws {
        let map = try RoadMapFile.load(path: TestFiles.monacoRoadMap)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestFiles.monacoRoadMap)))
        #expect(RoadMapFile.encode(map) == bytes)
        #expect(map.attribution == "© OpenStreetMap contributors, ODbL")
        #expect(map.ways.count > 400)
    }

    @Test func sharedPointsAreStoredOnce() {
        let bytes = RoadMapFile.encode(sample)
        var reader = RoadMapByteReader(bytes, path: "x", offset: RoadMapFile.headerSize)
        _ = try? reader.readString("attribution")
        let names = try? reader.readCount("names")
        #expect(names == 1)
        _ = try? reader.readString("name")
        #expect((try? reader.readCount("points")) == 5)  // of 7 way points
    }

    @Test func aDamagedByteFailsTheChecksum() throws {
        var bytes = RoadMapFile.encode(sample)
        bytes[20] ^= 0x01
        #expect(
            throws: RoadMapError(
                path: "m.roadmap", offset: bytes.count - 4,
                message: "checksum mismatch: the file is damaged or truncated")
        ) {
            try RoadMapFile.decode(bytes, path: "m.roadmap")
        }
    }

    @Test func aTruncatedFileIsAnError() {
        let bytes = RoadMapFile.encode(sample)
        #expect(throws: RoadMapError.self) { try RoadMapFile.decode(Array(bytes.dropLast(7)), path: "m.roadmap") }
        #expect(
            throws: RoadMapError(path: "m.roadmap", offset: 10, message: "truncated: the file ends inside its header")
        ) {
            try RoadMapFile.decode(Array(bytes.prefix(10)), path: "m.roadmap")
        }
    }

    @Test func anotherVersionIsRefusedWithAHint() {
        var bytes = RoadMapFile.encode(sample)
        bytes[8] = 9
        #expect(
            throws: RoadMapError(
                path: "m.roadmap", offset: 8,
                message: "unsupported road-map version 9 (this tripterm reads version 1; re-import the map)"
            )
        ) { try RoadMapFile.decode(bytes, path: "m.roadmap") }
    }

    @Test func otherFilesAreNotRoadMaps() throws {
        #expect(
            throws: RoadMapError(
                path: "a.json", offset: 0, message: "not a road-map file (it does not start with TRIPROAD)")
        ) {
            try RoadMapFile.decode(Array("{\"trips\": []}".utf8), path: "a.json")
        }
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("none.roadmap").path
        let error = #expect(throws: RoadMapError.self) { try RoadMapFile.load(path: missing) }
        #expect(error?.description.hasPrefix("\(missing): cannot read:") == true)
    }

    @Test func savingIntoAMissingDirectorySaysSo() throws {
        let parent = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("missing")
        let path = directory.appendingPathComponent("m.roadmap").path
        #expect(throws: RoadMapError(path: path, message: "cannot write: there is no directory \(directory.path)")) {
            try RoadMapFile.save(sample, to: path)
        }
    }

    /// A file whose checksum is right but whose content is not (a buggy writer) still fails cleanly, at the byte.
    @Test func badContentWithAValidChecksumNamesTheOffset() {
        var bytes = Array(
            RoadMapFile.encode(
                RoadMap(
                    attribution: "",
                    ways: [
                        RoadWay(
                            id: 1, roadClass: .road,
                            points: [LatLng(latitude: 1, longitude: 1), LatLng(latitude: 2, longitude: 2)])
                    ])
            ).dropLast(4))
        // Header (12), attribution length (1), name count (1), point count (1) + 2 points (4 varints of ≤ 5 bytes).
        guard let classOffset = bytes.indices.reversed().first(where: { bytes[$0] == RoadClass.road.rawValue }) else {
            Issue.record("no class byte")
            return
        }
        bytes[classOffset] = 200
        let checksum = RoadMapFile.crc(bytes[...])
        bytes += [
            UInt8(checksum & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 24),
        ]
        #expect(throws: RoadMapError(path: "m.roadmap", offset: classOffset, message: "unknown road class 200")) {
            try RoadMapFile.decode(bytes, path: "m.roadmap")
        }
    }

    @Test func impossibleCoordinatesAreClampedNotFatal() throws {
        let odd = RoadMap(
            attribution: "",
            ways: [
                RoadWay(
                    id: 1, roadClass: .road,
                    points: [
                        LatLng(latitude: .nan, longitude: 7), LatLng(latitude: 95, longitude: -200),
                    ])
            ])
        let back = try RoadMapFile.decode(RoadMapFile.encode(odd), path: "odd.roadmap")
        #expect(back.ways[0].points == [LatLng(latitude: 0, longitude: 7), LatLng(latitude: 90, longitude: -180)])
        #expect(RoadGraph(odd).nearest(to: LatLng(latitude: .infinity, longitude: 0)) == nil)
        #expect(
            RoadGraph(back).wayIndices(
                intersecting: GeoBox(minLatitude: 1, minLongitude: 1, maxLatitude: 0, maxLongitude: 0)
            ).isEmpty)
    }

    @Test func errorsReadLikeCompilerMessages() {
        #expect(RoadMapError(path: "a.osm", line: 12, message: "bad").description == "a.osm:12: bad")
        #expect(RoadMapError(path: "a.roadmap", offset: 40, message: "bad").description == "a.roadmap: offset 40: bad")
        #expect(RoadMapError(path: "a.roadmap", message: "bad").description == "a.roadmap: bad")
    }
}
