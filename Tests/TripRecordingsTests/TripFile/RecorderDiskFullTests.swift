import FleetModel
import Foundation
import Testing

@testable import TripRecordings

#if canImport(Glibc)
import Glibc
#endif

/// `--record` on a disk that fills up: a line that cannot be written is cut off again, so the file stays whole up to
/// its last complete line; following goes on; the recorder says so while it lasts; and when the disk has room again
/// recording resumes with a note of how many changes were missed.
@Suite struct RecorderDiskFullTests {
    /// `write(2)` through a disk that, while full, takes the first few bytes of a line and then says ENOSPC — a torn
    /// line, as a real full disk leaves one.
    final class FillingDisk: @unchecked Sendable {
        var full = false
        private var torn = false

        func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
            guard full else { return Glibc.write(fd, bytes, count) }
            if !torn {
                torn = true
                return Glibc.write(fd, bytes, min(count, 7))
            }
            torn = false
            errno = ENOSPC
            return -1
        }
    }

    final class Said: @unchecked Sendable {
        var texts: [String?] = []
    }

    @Test func aFullDiskPausesTheRecordingAndItResumesWithANoteOfWhatWasMissed() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-rec-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let disk = FillingDisk()
        let t0 = ProtoTimestamp(seconds: 1_800_000_000)
        let writer = try TripFileWriter(
            path: path, tripName: try TripName(parsing: "providers/p/trips/t1"), source: "test", created: t0,
            generator: "test", writeBytes: { disk.write($0, $1, $2) })
        let recorder = TripRecorder(writer: writer, now: { t0 })
        let said = Said()
        await recorder.watch { said.texts.append($0) }

        await recorder.note("one")
        disk.full = true
        await recorder.note("two")
        await recorder.note("three")
        #expect(
            said.texts == [
                "not recording (write failed: No space left on device): 1 missed",
                "not recording (write failed: No space left on device): 2 missed",
            ])
        // Whole up to its last complete line while the disk is full.
        let (during, duringWarnings) = try TripFileReader.read(
            try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(duringWarnings.isEmpty)
        #expect(during.events.map(\.kind) == [.note("one")])

        disk.full = false
        await recorder.note("four")
        #expect(said.texts.last == .some(nil))
        await recorder.close()
        let (after, warnings) = try TripFileReader.read(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(warnings.isEmpty)
        #expect(
            after.events.map(\.kind) == [
                .note("one"), .note("2 changes were not recorded here: write failed: No space left on device"),
                .note("four"),
            ])
        #expect(await recorder.missedEvents == 2)
        let report = try #require(await recorder.failureReport)
        #expect(
            report.message
                == "2 changes were not recorded (write failed: No space left on device); the file is whole up to its last line"
        )
    }
}
