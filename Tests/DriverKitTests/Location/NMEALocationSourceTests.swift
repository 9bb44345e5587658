import DriverKit
import Foundation
import Testing

@Suite struct NMEALocationSourceTests {
    @Test func sourceReadsTheCommittedLogAndNamesAFileWithoutFixes() throws {
        let (fixes, statistics) = try NMEALocationSource.read(path: Fixtures.path("monaco-drive.nmea"))
        #expect(fixes.count == 81)
        #expect(statistics.skipped == 0 && statistics.ignored == 81)
        #expect(abs(fixes[0].coordinate.latitude - 43.7326) < 1e-6)

        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).nmea").path
        try "$GPRMC,1*00\nhello\n".write(toFile: bad, atomically: true, encoding: .utf8)
        #expect {
            try NMEALocationSource.read(path: bad)
        } throws: { error in
            let text = "\(error)"
            return text.contains(bad) && text.contains("line 2") && text.contains("no valid RMC fix")
        }
        #expect(throws: LocationSourceError.self) { try NMEALocationSource.read(path: "/nonexistent/x.nmea") }
    }
}
