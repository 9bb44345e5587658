import DriverKit
import FleetModel
import Foundation
import Testing

@Suite struct GpsdLocationSourceTests {
    static func tpv(_ lat: Double, _ lon: Double, mode: Int = 3, extra: String = "") -> String {
        #"{"class":"TPV","device":"/dev/ttyUSB0","mode":\#(mode),"time":"2026-11-23T10:00:00.000Z","lat":\#(lat),"lon":\#(lon),"altHAE":21.5,"track":26.2,"speed":14.0,"eph":3.5\#(extra)}"#
    }

    @Test func tpvReportsBecomeFixes() throws {
        let report = try #require(GpsdReport.parse(Self.tpv(43.7326, 7.419)))
        let fix = try #require(report.fix(now: Date()))
        #expect(fix.coordinate == LatLng(latitude: 43.7326, longitude: 7.419))
        #expect(fix.heading == 26.2 && fix.speed == 14 && fix.accuracy == 3.5 && fix.altitude == 21.5)
        #expect(fix.time == Date(timeIntervalSince1970: 1_795_428_000))
        #expect(GpsdReport.parse(Self.tpv(43.7, 7.4, mode: 1))?.fix(now: Date()) == nil)
        #expect(GpsdReport.parse(#"{"class":"SKY","satellites":[]}"#)?.fix(now: Date()) == nil)
        #expect(GpsdReport.parse("not json") == nil)
    }

    @Test func addressesAreHostAndPort() throws {
        let source = try GpsdLocationSource(address: "127.0.0.1:2948")
        #expect(source.host == "127.0.0.1" && source.port == 2948)
        #expect(try GpsdLocationSource(address: "gps.local").port == 2947)
        #expect(try GpsdLocationSource(address: "[::1]:3000").host == "::1")
        for bad in ["host:", ":2947", "host:70000", "host:abc"] {
            #expect(throws: LocationSourceError.self, "\(bad)") { try GpsdLocationSource(address: bad) }
        }
    }

    @Test func watchesReadsFixesAndReconnectsWhenGpsdGoesAway() async throws {
        let gpsd = try await FakeGpsd.start(scripts: [
            [
                #"{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}"#,
                Self.tpv(43.7326, 7.4190), Self.tpv(43.7330, 7.4192, mode: 1), "garbage", Self.tpv(43.7334, 7.4195),
            ],
            [Self.tpv(43.7340, 7.4200)],
        ])
        var source = GpsdLocationSource(host: "127.0.0.1", port: gpsd.port)
        source.initialBackoff = .milliseconds(20)
        var fixes: [LocationFix] = []
        for try await fix in source.fixes() {
            fixes.append(fix)
            if fixes.count == 3 { break }
        }
        await gpsd.stop()
        #expect(fixes.map(\.coordinate.latitude) == [43.7326, 43.7334, 43.7340])
        #expect(gpsd.commands.count == 2)
        #expect(gpsd.commands.allSatisfy { $0 == GpsdLocationSource.watchCommand })
        let status = source.status
        #expect(status.connections == 2)
        #expect(status.fixes == 3)
        #expect(status.unreadableLines == 1)
    }
}
