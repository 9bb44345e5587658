import FleetModel
import Foundation
import TestSupport
import Testing

@testable import RoadMap

@Suite("OSM import")
struct OSMImporterTests {
    private func importGrid() throws -> (map: RoadMap, summary: OSMImporter.Summary) {
        try OSMImporter.importFile(path: TestFiles.gridFixture)
    }

    @Test func keepsOnlyRoadsForCars() throws {
        let (map, summary) = try importGrid()
        #expect(map.ways.map(\.id) == [100, 101, 102, 103, 104, 109, 110])
        #expect(summary.waysRead == 11)
        #expect(summary.waysKept == 7)
        #expect(summary.nodesRead == 10)
        #expect(map.attribution == "© OpenStreetMap contributors, ODbL")
        #expect(map.ways.first { $0.id == 109 }?.roadClass == .minor)
    }

    @Test func readsClassNameOneWayAndMaxSpeed() throws {
        let ways = Dictionary(uniqueKeysWithValues: try importGrid().map.ways.map { ($0.id, $0) })
        let south = try #require(ways[100])
        #expect(
            south.roadClass == .residential && south.name == "Rue du Sud" && south.isOneWay && south.maxSpeedKmh == nil)
        let middle = try #require(ways[101])
        #expect(middle.roadClass == .secondary && !middle.isOneWay && middle.maxSpeedKmh == 50)
        #expect(ways[103]?.maxSpeedKmh == 32.2)  // 20 mph, kept to 0.1 km/h
        #expect(ways[102]?.name == "Rue d'en Haut & Co")
    }

    @Test func reverseOneWayIsStoredInTheDirectionOfTravel() throws {
        let north = try #require(try importGrid().map.ways.first { $0.id == 102 })
        #expect(north.isOneWay)
        #expect(north.points.first == LatLng(latitude: 43.7318, longitude: 7.42))
        #expect(north.points.last == LatLng(latitude: 43.7318, longitude: 7.4225))
    }

    @Test func waysAreSplitWhereTheExtractLacksNodes() throws {
        let (map, summary) = try importGrid()
        let service = map.ways.filter { $0.id == 110 }
        #expect(service.count == 1)
        #expect(
            service.first?.points == [
                LatLng(latitude: 43.73, longitude: 7.42125), LatLng(latitude: 43.7305, longitude: 7.4218),
            ])
        #expect(summary.missingPoints == 2)
    }

    @Test func gzipAndPlainGiveTheSameMap() throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestFiles.gridFixture)))
        let path = try TestFiles.write(TestFiles.gzip(plain), named: "grid.osm.gz", in: directory)
        #expect(try OSMImporter.importFile(path: path).map == importGrid().map)
    }

    @Test func concatenatedGzipMembersReadAsOne() throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestFiles.gridFixture)))
        let cut = plain.count / 2
        let path = try TestFiles.write(
            TestFiles.gzip(Array(plain[..<cut])) + TestFiles.gzip(Array(plain[cut...])), named: "two.osm.gz",
            in: directory
        )
        #expect(try OSMImporter.importFile(path: path).map == importGrid().map)
    }

    @Test func truncatedGzipIsAnError() throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestFiles.gridFixture)))
        let compressed = TestFiles.gzip(plain)
        let path = try TestFiles.write(compressed.prefix(compressed.count * 2 / 3), named: "cut.osm.gz", in: directory)
        let error = #expect(throws: RoadMapError.self) { try OSMImporter.importFile(path: path) }
        #expect(error?.description == "\(path): truncated gzip data (the file ends in the middle of the stream)")
    }

    @Test func aTruncatedExtractIsAnError() throws {
        let source = try TestFiles.monacoOSM()
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source)))
        if !bytes.starts(with: [0x1F, 0x8B]) { bytes = TestFiles.gzip(bytes) }
        let path = try TestFiles.write(bytes.prefix(bytes.count - 100), named: "cut.osm.gz", in: directory)
        #expect(
            throws: RoadMapError(path: path, message: "truncated gzip data (the file ends in the middle of the stream)")
        ) {
            try OSMImporter.importFile(path: path)
        }
    }

    @Test func corruptGzipIsAnError() throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var bytes = TestFiles.gzip(Array(repeating: UInt8(ascii: "<"), count: 1000))
        for index in 12..<bytes.count - 8 { bytes[index] ^= 0x5A }
        let path = try TestFiles.write(bytes, named: "bad.osm.gz", in: directory)
        let error = #expect(throws: RoadMapError.self) { try OSMImporter.importFile(path: path) }
        #expect(error?.message.hasPrefix("corrupt gzip data") == true)
    }

    @Test(arguments: [
        (
            "PBF\u{0}\u{1}binary", 1,
            "not XML (it does not start with '<'; an .osm.pbf file needs converting to .osm first)"
        ),
        (
            "<?xml version='1.0'?>\n<html><body/></html>\n", 2,
            "not an OpenStreetMap XML file (its root element is <html>, not <osm>)"
        ),
        (
            "<osm>\n<node id='1' lat='1' lon='1'/>\n<way id='5'>\n<nd ref='1'/>", 4,
            "the file ends inside <way> opened on line 3 (is it truncated?)"
        ),
        (
            "<osm>\n<node id='1' lat='1' lon='1'/>\n<way id='5'>\n<nd ref='1", 4,
            "the file ends inside a tag (is it truncated?)"
        ),
        ("<osm>\n<node id='x' lat='1' lon='1'/>\n</osm>", 2, "a <node> without a valid id, lat and lon"),
        ("<osm>\n<node id='1' lat='1' lon='1'>\n</way>\n</osm>", 3, "unexpected </way>"),
    ])
    func badXMLNamesTheLine(text: String, line: Int, message: String) throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try TestFiles.write(Array(text.utf8), named: "bad.osm", in: directory)
        #expect(throws: RoadMapError(path: path, line: line, message: message)) {
            try OSMImporter.importFile(path: path)
        }
    }

    @Test func aRoadMapIsNotImportedAgain() {
        #expect(
            throws: RoadMapError(
                path: TestFiles.monacoRoadMap,
                message: "this is already a road-map file; import reads OpenStreetMap XML"
            )
        ) { try OSMImporter.importFile(path: TestFiles.monacoRoadMap) }
    }

    @Test func aFileWithoutRoadsIsAnError() throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = """
            <osm><node id="1" lat="1" lon="1"/><node id="2" lat="1" lon="2"/>
            <way id="3"><nd ref="1"/><nd ref="2"/><tag k="highway" v="footway"/></way></osm>
            """
        let path = try TestFiles.write(Array(text.utf8), named: "paths.osm", in: directory)
        #expect(
            throws: RoadMapError(
                path: path,
                message: "no drivable roads: none of its 1 ways is a highway=* road with at least 2 known points"
            )
        ) { try OSMImporter.importFile(path: path) }
    }

    @Test func missingAndEmptyFilesAreErrors() throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("nope.osm").path
        #expect(throws: RoadMapError(path: missing, message: "no such file")) {
            try OSMImporter.importFile(path: missing)
        }
        let empty = try TestFiles.write([], named: "empty.osm", in: directory)
        #expect(throws: RoadMapError(path: empty, message: "the file is empty")) {
            try OSMImporter.importFile(path: empty)
        }
    }

    @Test func commentsAttributesOnSeveralLinesAndQuotedAngleBracketsAreRead() throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = """
            \u{FEFF}<?xml version="1.0"?>
            <!DOCTYPE osm>
            <osm version="0.6"><!-- a <way> in a comment --><node id="1"
              lat="1.5" lon="-2.25"/><node id='2' lat='1.5000001' lon='-2.2500009'/>
            <way id="7"><nd ref="1"/><nd ref="2"/><tag k="highway" v="primary"/><tag k="name" v="A &lt;B&gt; &#233;&#xE9;"/></way>
            </osm>
            """
        let path = try TestFiles.write(Array(text.utf8), named: "odd.osm", in: directory)
        let way = try #require(try OSMImporter.importFile(path: path).map.ways.first)
        #expect(way.name == "A <B> éé")
        #expect(
            way.points == [LatLng(latitude: 1.5, longitude: -2.25), LatLng(latitude: 1.5000001, longitude: -2.2500009)])
    }

    /// The committed Monaco map is what importing the extract it came from (Tests/Fixtures) gives today.
    @Test func committedMonacoMapMatchesAFreshImport() throws {
        let source = try TestFiles.monacoOSM()
        let imported = try OSMImporter.importFile(path: source).map
        #expect(imported == (try RoadMapFile.load(path: TestFiles.monacoRoadMap)))
    }
}
