import FleetModel
import Foundation
import Testing
import TrackFormats

@Suite struct NMEAParserTests {
    static func sentence(_ body: String) -> String {
        "$\(body)*" + String(format: "%02X", body.utf8.reduce(UInt8(0), ^))
    }

    @Test func rmcGivesPositionSpeedCourseAndUTCTime() throws {
        let line = Self.sentence("GPRMC,123519.50,A,4807.038,N,01131.000,W,022.4,084.4,230394,003.1,W")
        guard case .rmc(let rmc) = try NMEAParser.parse(line + "\r\n") else {
            Issue.record("not RMC")
            return
        }
        #expect(rmc.isValid)
        let point = try #require(rmc.coordinate)
        #expect(abs(point.latitude - (48 + 7.038 / 60)) < 1e-9)
        #expect(abs(point.longitude + (11 + 31.0 / 60)) < 1e-9)
        #expect(rmc.speedKnots == 22.4)
        #expect(rmc.course == 84.4)
        #expect(rmc.time == Date(timeIntervalSince1970: 764_426_119.5))  // 1994-03-23T12:35:19.5Z
    }

    @Test func ggaGivesQualityHDOPAndAltitude() throws {
        let line = Self.sentence("GNGGA,092750.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,")
        guard case .gga(let gga) = try NMEAParser.parse(line) else {
            Issue.record("not GGA")
            return
        }
        #expect(gga.quality == 1 && gga.satellites == 8 && gga.hdop == 1.03 && gga.altitude == 61.7)
        #expect(gga.secondsOfDay.map { abs($0 - (9 * 3600 + 27 * 60 + 50)) < 1e-9 } == true)
    }

    @Test func checksumsAreVerified() {
        let good = Self.sentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
        let flipped = good.replacingOccurrences(of: "4807.038", with: "4807.039")
        #expect(throws: NMEAParser.Problem.self) { try NMEAParser.parse(flipped) }
        #expect(throws: NMEAParser.Problem.missingChecksum) { try NMEAParser.parse(String(good.dropLast(3))) }
        #expect(throws: NMEAParser.Problem.missingChecksum) { try NMEAParser.parse(String(good.dropLast(1))) }
    }

    /// Found by the `nmea` fuzzer (docs/TESTING.md): a `*` before the `$` trapped on a backwards range.
    @Test func aStarBeforeTheDollarIsAMissingChecksum() {
        #expect(throws: NMEAParser.Problem.missingChecksum) { try NMEAParser.parse("25.1400,E,A*54$GPGSV,1") }
        #expect(throws: NMEAParser.Problem.missingChecksum) { try NMEAParser.parse("*$") }
        // And through the file reader, which keeps going and reports the file as having no fix.
        var assembler = NMEAFixAssembler()
        #expect(assembler.add(line: "x*00$GPRMC,1") == nil)
    }

    @Test func otherSentencesAreRecognisedAndMalformedFieldsRejected() throws {
        #expect(try NMEAParser.parse(Self.sentence("GPGSV,1,1,01,05,45,120,40")) == .other("GSV"))
        for body in [
            "GPRMC,123519,A,4807.038,X,01131.000,E,022.4,084.4,230394,,",
            "GPRMC,123519,A,4807.038,N,01131.000,E,fast,084.4,230394,,",
            "GPRMC,126519,A,4807.038,N,01131.000,E,022.4,084.4,230394,,",
            "GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,320394,,",
            "GPRMC,123519,A,,,,,022.4,084.4,230394,,",
            "GPRMC,123519,A",
        ] {
            #expect(throws: NMEAParser.Problem.self, "\(body)") { try NMEAParser.parse(Self.sentence(body)) }
        }
    }

    @Test func assemblerCombinesGGAIntoRMCAndCountsBadLines() {
        var assembler = NMEAFixAssembler()
        let lines = [
            Self.sentence("GPGGA,100000.00,4343.9560,N,00725.1400,E,1,09,0.9,20.0,M,48.0,M,,"),
            Self.sentence("GPRMC,100000.00,A,4343.9560,N,00725.1400,E,27.2,26.2,231126,,,A"),
            Self.sentence("GPGSV,1,1,02,05,45,120,40,12,30,200,35"),
            "$GPRMC,100001.00,A,4343.9600,N,00725.1500,E,27.2,26.2,231126,,,A*00",  // bad checksum
            "garbage line",
            "",
            Self.sentence("GPRMC,100002.00,V,,,,,,,231126,,,N"),
            Self.sentence("GPRMC,100003.00,A,4343.9700,N,00725.1600,E,0.0,26.2,231126,,,A"),
            Self.sentence("GPRMC,100003.00,A,4343.9700,N,00725.1600,E,0.0,26.2,231126,,,A"),  // same time again
        ]
        let fixes = lines.compactMap { assembler.add(line: $0) }
        #expect(fixes.count == 2)
        #expect(fixes[0].elevation == 20 && fixes[0].accuracy == 4.5)
        #expect(abs(fixes[0].speed! - 27.2 * 1852 / 3600) < 1e-9)
        #expect(fixes[0].course == 26.2)
        #expect(fixes[1].elevation == nil && fixes[1].speed == 0)
        #expect(fixes[1].time - fixes[0].time == .seconds(3))
        let s = assembler.statistics
        #expect(
            s.lines == 8 && s.fixes == 2 && s.badChecksums == 1 && s.malformed == 1 && s.ignored == 1
                && s.withoutFix == 1)
        #expect(s.skipped == 2)
        #expect(assembler.lastProblem?.line == 5)
    }
}
