import Foundation
import TestSupport
import Testing

/// `tripterm token`: one token, or one per id for load tests, each carrying Fleet Engine's authorization claims.
@Suite struct TokenCommandTests {
    /// The `authorization` claims of a JWT's payload.
    static func authorization(_ token: Substring) throws -> [String: String] {
        let object = try payload(token)
        return try #require(object["authorization"] as? [String: String], "\(object)")
    }

    /// A JWT's payload.
    static func payload(_ token: Substring) throws -> [String: Any] {
        let parts = token.split(separator: ".")
        try #require(parts.count == 3, "not a JWT: \(token)")
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let payload = try #require(Data(base64Encoded: base64))
        return try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
    }

    static func tokens(_ arguments: [String], db: String) async throws -> [Substring] {
        let output = try await TriptermBinary.run(["token"] + arguments + ["--db", db])
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n")
    }

    @Test func severalIdsGiveOneTokenEachInOrder() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("fleet.sqlite").path

        let riders = try await Self.tokens(["--trip", "t1", "--trip", "t2", "--trip", "t3"], db: db)
        #expect(try riders.map(Self.authorization) == [["tripid": "t1"], ["tripid": "t2"], ["tripid": "t3"]])
        let drivers = try await Self.tokens(["--vehicle", "v1", "--vehicle", "v2"], db: db)
        #expect(try drivers.map(Self.authorization) == [["vehicleid": "v1"], ["vehicleid": "v2"]])
        let both = try await Self.tokens(["--trip", "t1", "--vehicle", "v1"], db: db)
        #expect(try both.map(Self.authorization) == [["tripid": "t1", "vehicleid": "v1"]], "one token for both")

        let mixed = try await TriptermBinary.run(["token", "--trip", "t1", "--trip", "t2", "--vehicle", "v1"])
        #expect(mixed.status != 0 && mixed.stdout.isEmpty)
        #expect(mixed.stderr.contains("several ids of one kind"), "\(mixed.stderr)")
    }

    /// The Deliveries API's roles: a delivery driver's token, a shipment's, a reader's and the server's.
    @Test func deliveryTokensCarryFleetEnginesDeliveryClaims() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("fleet.sqlite").path

        let vans = try await Self.tokens(["--delivery-vehicle", "van-1", "--delivery-vehicle", "van-2"], db: db)
        #expect(try vans.map(Self.authorization) == [["deliveryvehicleid": "van-1"], ["deliveryvehicleid": "van-2"]])
        let shipment = try await Self.tokens(["--tracking-id", "parcel-1"], db: db)
        #expect(try shipment.map(Self.authorization) == [["trackingid": "parcel-1"]])
        let everything = [
            "tripid": "*", "vehicleid": "*", "deliveryvehicleid": "*", "taskid": "*", "trackingid": "*",
        ]
        let server = try await Self.tokens(["--server"], db: db)
        #expect(try server.map(Self.authorization) == [everything])
        let reader = try await Self.tokens(["--fleet-reader"], db: db)
        #expect(try reader.map(Self.authorization) == [everything])
        #expect(try Self.payload(reader[0])["iss"] as? String == "tripterm-fleet-reader@localhost")
        #expect(try Self.payload(server[0])["iss"] as? String == "tripterm-server@localhost")
    }
}
