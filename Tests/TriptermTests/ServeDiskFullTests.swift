import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Whether this process may mount a tmpfs: root, and a mount that works.
enum TmpfsProbe {
    static let mountable: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-tmpfs-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard mount("tmpfs", probe.path, "tmpfs", 0, "size=1m") == 0 else { return false }
        umount(probe.path)
        return true
    }()
}

/// `tripterm serve` on a disk that really fills up: a 4 MB tmpfs the test mounts (so it runs where mounting is
/// allowed — as root; `DiskFullTests` injects the same SQLITE_FULL everywhere). Writes fail with 503 UNAVAILABLE
/// saying the disk is full, reads are answered, every acknowledged write is still there, and once the filler file is
/// gone writes succeed again, without a restart; the `--log-export` file on the same disk loses the calls made while
/// it was full, stays whole, and goes on.
@Suite(.enabled(if: TmpfsProbe.mountable, "mounting a tmpfs needs root"))
struct ServeDiskFullTests {
    /// A vehicle of about 8 KB: forty attributes of 200 characters.
    static func bulkyVehicle() -> String {
        let attributes = (0..<40).map { #"{"key":"k\#($0)","value":"\#(String(repeating: "x", count: 200))"}"# }
        return
            #"{"vehicleState":"OFFLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"},"attributes":["#
            + attributes.joined(separator: ",") + "]}"
    }

    @Test func writesFailAsUnavailableOnAFullDiskAndResumeWhenSpaceReturns() async throws {
        let disk = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-full-disk-\(UUID())")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        #expect(mount("tmpfs", disk.path, "tmpfs", 0, "size=4m") == 0)
        defer {
            umount2(disk.path, Int32(MNT_DETACH))
            try? FileManager.default.removeItem(at: disk)
        }
        let db = disk.appendingPathComponent("fleet.sqlite").path
        let export = disk.appendingPathComponent("calls.jsonl").path
        let (server, started) = try await ServeStartupTests.startServer(db: db, extra: ["--log-export", export])
        defer { server.stopSoon() }

        let url = try #require(started)
        let token = try await TriptermBinary.run(["token", "--server", "--db", db]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let http = FleetHTTP(url: url, token: token)

        // Fill what is left of the disk.
        let filler = disk.appendingPathComponent("filler")
        let fd = open(filler.path, O_WRONLY | O_CREAT, 0o600)
        let chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        close(fd)

        // Writes go on while SQLite still has room it took before; then one is refused.
        var acknowledged: [String] = []
        var refusal: [String: Any]?
        for index in 0..<400 where refusal == nil {
            let (status, body) = try await http.send(
                "POST", "/v1/providers/p/vehicles?vehicleId=v\(index)", Self.bulkyVehicle())
            if status == 200 {
                acknowledged.append("v\(index)")
            } else {
                #expect(status == 503, "\(body)")
                refusal = body
            }
        }
        let error = try #require(refusal?["error"] as? [String: Any])
        #expect(error["status"] as? String == "UNAVAILABLE")
        #expect((error["message"] as? String)?.contains("its disk is full") == true, "\(error)")

        // Reads are answered, and nothing acknowledged is lost.
        for id in acknowledged {
            let (status, _) = try await http.send("GET", "/v1/providers/p/vehicles/\(id)", nil)
            #expect(status == 200, "\(id)")
        }

        // Room again: the same server takes writes.
        try FileManager.default.removeItem(at: filler)
        let (status, body) = try await http.send(
            "POST", "/v1/providers/p/vehicles?vehicleId=after", Self.bulkyVehicle())
        #expect(status == 200, "\(body)")
        let (read, _) = try await http.send("GET", "/v1/providers/p/vehicles/after", nil)
        #expect(read == 200)

        // The log export lost what came while the disk was full, stayed whole, and took the calls after.
        try await server.interruptAndWait()
        let lines = try String(contentsOfFile: export, encoding: .utf8).split(separator: "\n")
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
        #expect(lines.last?.contains("vehicles/after") == true, "\(lines.last ?? "")")
    }
}
