import Foundation
import Testing

@testable import FleetServer

/// The server key's file: created 0600, never replaced, and refused when others can read or write it.
@Suite struct PrivateKeyFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tripterm-keyfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func aNewFileIsTheOwnersAloneAndNeverReplaced() throws {
        let path = directory.appendingPathComponent("key.pem").path
        #expect(try PrivateKeyFile.create(at: path, contents: Data("first".utf8)))
        #expect(try mode(path) == 0o600, "0600 from the start (under umask 000 too: ServeStartupTests)")
        #expect(try PrivateKeyFile.create(at: path, contents: Data("second".utf8)) == false)
        #expect(FileManager.default.contents(atPath: path) == Data("first".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["key.pem"], "no temporary file left")
    }

    @Test func aKeyOthersCanReadIsRefusedWithTheFix() throws {
        let key = try ServerKey.loadOrCreate(in: directory)
        let path = directory.appendingPathComponent(ServerKey.fileName).path
        #expect(try mode(path) == 0o600)
        for loose in [0o644, 0o640, 0o602] {
            try FileManager.default.setAttributes([.posixPermissions: loose], ofItemAtPath: path)
            #expect {
                _ = try ServerKey.loadOrCreate(in: directory)
            } throws: { error in
                let text = "\(error)"
                return text.contains(path) && text.contains(String(format: "mode %04o", loose))
                    && text.contains("chmod 600 \(path)")
            }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
        #expect(try ServerKey.loadOrCreate(in: directory).kid == key.kid, "read-only for its owner is fine")
    }
}
