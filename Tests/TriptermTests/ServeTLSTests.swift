import Foundation
import TestSupport
import Testing

/// `tripterm serve --tls-cert --tls-key` end to end, with a CA and a server certificate openssl makes for the test:
/// curl over HTTP/1.1 and HTTP/2 trusting the CA, the fast path behind TLS, tripterm's own client with `--ca-file`,
/// and the refusal to serve plaintext beyond loopback. (Google's Python client over TLS is in the conformance run:
/// `Tests/conformance/tls_conformance.py`.)
@Suite struct ServeTLSTests {
    @Test func curlTrustingTheCAGetsRESTOverHTTP1AndHTTP2() async throws {
        try await ServedOverTLS.with { server in
            let created = try await server.curl([
                "--http1.1", "-X", "POST", "\(server.url)/v1/providers/p/vehicles?vehicleId=v1", "-d",
                ServedOverTLS.vehicleJSON,
            ])
            #expect(created.status == 200 && created.httpVersion == "1.1", "\(created)")
            let read = try await server.curl(["--http2", "\(server.url)/v1/providers/p/vehicles/v1"])
            #expect(read.status == 200 && read.httpVersion == "2", "\(read)")
            #expect(read.body.contains(#""name":"providers/p/vehicles/v1""#), "\(read.body)")
            let missing = try await server.curl(["--http2", "\(server.url)/v1/providers/p/vehicles/nope"])
            #expect(missing.status == 404 && missing.body.contains("NOT_FOUND"), "errors too over HTTP/2")

            let untrusted = try await server.curl(["\(server.url)/v1/providers/p/vehicles/v1"], trustCA: false)
            #expect(untrusted.exit == 60, "curl refuses a certificate it cannot verify: \(untrusted)")
            let plaintext = try await server.curl([server.url.replacingOccurrences(of: "https:", with: "http:")])
            #expect(plaintext.status != 200, "plain HTTP to the TLS port is not served: \(plaintext)")
        }
    }

    /// A rider's repeated poll over TLS is answered by the fast path, as over plaintext: the first through
    /// Hummingbird, the second from the cache after the decoder, the third, the same bytes, before it.
    @Test func cachedPollsOverTLSTakeTheFastPath() async throws {
        try await ServedOverTLS.with { server in
            let trip =
                #"{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7315,"longitude":7.42}},"numberOfPassengers":1}"#
            let created = try await server.curl([
                "-X", "POST", "\(server.url)/v1/providers/p/trips?tripId=t1", "-d", trip,
            ])
            #expect(created.status == 200, "\(created)")
            let url = "\(server.url)/v1/providers/p/trips/t1"
            // One curl, one connection: three identical requests.
            let polls = try await server.curl(["--http1.1", url, url, url])
            #expect(polls.status == 200 && polls.httpVersion == "1.1", "\(polls)")
            var lines: [Substring] = []
            for _ in 0..<50 {
                lines = server.process.output.split(separator: "\n").filter {
                    $0.contains("GET /v1/providers/p/trips/t1 ")
                }
                if lines.count >= 3 { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            let fastPath = lines.map { $0.contains(" ms cached") || $0.contains(" ms live") }
            #expect(fastPath == [false, true, true], "the first through Hummingbird, then the fast path: \(lines)")
            #expect(lines.last?.contains(" ms cached repeat") == true, "the same bytes, before the decoder: \(lines)")
        }
    }

    @Test func triptermsOwnClientTrustsTheCAFile() async throws {
        try await ServedOverTLS.with { server in
            for id in ["v1", "v2"] {
                let created = try await server.curl([
                    "-X", "POST", "\(server.url)/v1/providers/p/vehicles?vehicleId=\(id)", "-d",
                    ServedOverTLS.vehicleJSON,
                ])
                #expect(created.status == 200)
            }
            let fleet = [
                "fleet", "--provider", "p", "--backend", server.url, "--token", server.token, "--once", "--json",
            ]
            let listed = try await TriptermBinary.run(fleet + ["--ca-file", server.caFile])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.split(separator: "\n").count == 2, "\(listed.stdout)")
            #expect(listed.stdout.contains("providers/p/vehicles/v1"), "\(listed.stdout)")

            let untrusted = try await TriptermBinary.run(fleet)
            #expect(untrusted.status != 0)
            #expect(
                untrusted.stderr.lowercased().contains("tls") || untrusted.stderr.contains("certificate"),
                "says why: \(untrusted.stderr)")

            let missing = try await TriptermBinary.run(fleet + ["--ca-file", server.directory.path + "/nope.pem"])
            #expect(
                missing.status != 0 && missing.stderr.contains("--ca-file: cannot read the CA file"),
                "\(missing.stderr)")
        }
    }

    @Test func plaintextBeyondLoopbackIsRefusedUnlessAskedFor() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tripterm-bind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("fleet.sqlite").path
        let refused = try await TriptermBinary.run(["serve", "--bind", "0.0.0.0", "--port", "0", "--db", db])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--bind 0.0.0.0 reaches beyond this machine"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--tls-cert") && refused.stderr.contains("--insecure-plaintext"))
        #expect(!FileManager.default.fileExists(atPath: db), "refused before the database is made")

        let noRate = try await TriptermBinary.run(["serve", "--port", "0", "--db", db, "--handshake-rate", "0"])
        #expect(
            noRate.status == 64 && noRate.stderr.contains("--handshake-rate must be at least 1"), "\(noRate.stderr)")
        let lonely = try await TriptermBinary.run(["serve", "--port", "0", "--db", db, "--tls-cert", db])
        #expect(
            lonely.status != 0 && lonely.stderr.contains("--tls-cert and --tls-key go together"), "\(lonely.stderr)")
        let unreadable = try await TriptermBinary.run([
            "serve", "--port", "0", "--db", db, "--tls-cert", directory.path + "/none.pem", "--tls-key", db,
        ])
        #expect(unreadable.status != 0)
        #expect(
            unreadable.stderr.contains("cannot read the TLS certificate \(directory.path)/none.pem"),
            "\(unreadable.stderr)")

        try await ServedOverTLS.makeCertificates(in: directory)
        let mismatched = try await TriptermBinary.run([
            "serve", "--port", "0", "--db", db, "--tls-cert", directory.path + "/server.pem", "--tls-key",
            directory.path + "/ca.key",
        ])
        #expect(mismatched.status != 0)
        #expect(
            mismatched.stderr.contains("the TLS key \(directory.path)/ca.key does not go with the certificate"),
            "\(mismatched.stderr)")

        let insecure = try await ChildProcess.start(
            TriptermBinary.url.path,
            ["serve", "--bind", "0.0.0.0", "--port", "0", "--no-grpc", "--db", db, "--insecure-plaintext"])
        defer { insecure.stopSoon() }
        #expect(await insecure.waitForLine(containing: "listening on http://0.0.0.0:", timeout: 30) != nil)
        #expect(
            insecure.output.contains("warning: serving plaintext on 0.0.0.0 (--insecure-plaintext)"),
            "\(insecure.output)")
    }
}
