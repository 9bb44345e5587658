import Foundation
import TestSupport

/// A `tripterm serve` child process for the TLS and limits tests, with a throwaway database, a server token, and —
/// unless started plaintext — a private CA and a server certificate made for it by openssl (EC P-256, for
/// `localhost` and 127.0.0.1) in its directory.
struct ServedOverTLS {
    let process: ChildProcess
    let directory: URL
    /// `https://127.0.0.1:PORT` (`http://` when plaintext).
    let url: String
    /// `127.0.0.1:PORT` of gRPC.
    let grpc: String
    let token: String

    var caFile: String { directory.appendingPathComponent("ca.pem").path }
    var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }
    var grpcPort: Int { Int(grpc.split(separator: ":").last ?? "") ?? 0 }

    /// Runs `body` with a server started with `arguments` besides the port, database and (unless `tls` is false)
    /// certificate, and stops it.
    static func with(
        tls: Bool = true, _ arguments: [String] = [], _ body: (ServedOverTLS) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tripterm-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var serve = [
            "serve", "--port", "0", "--grpc-port", "0", "--db", directory.appendingPathComponent("fleet.sqlite").path,
        ]
        if tls {
            try await makeCertificates(in: directory)
            serve += [
                "--tls-cert", directory.appendingPathComponent("server.pem").path,
                "--tls-key", directory.appendingPathComponent("server.key").path,
            ]
        }
        let process = try await ChildProcess.start(TriptermBinary.url.path, serve + arguments)
        defer { process.stopSoon() }
        let scheme = tls ? "https://" : "http://"
        guard let line = await process.waitForLine(containing: "listening on \(scheme)", timeout: 30),
            let start = line.range(of: scheme),
            let grpcLine = await process.waitForLine(containing: tls ? "grpcs://" : "grpc://", timeout: 30),
            let grpcStart = grpcLine.range(of: "://")
        else { throw ServeFailed(output: process.output) }
        let token = try await TriptermBinary.run(["token", "--server", "--data-dir", directory.path]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try await body(
            ServedOverTLS(
                process: process, directory: directory, url: String(line[start.lowerBound...]),
                grpc: String(grpcLine[grpcStart.upperBound...]), token: token))
    }

    /// A CA, and a server certificate it signs for `localhost` and 127.0.0.1, with their keys: `ca.pem`, `ca.key`,
    /// `server.pem`, `server.key`.
    static func makeCertificates(in directory: URL) async throws {
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n"
            .write(toFile: path("server.ext"), atomically: true, encoding: .utf8)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for step in [
            ["req", "-x509"] + ec + [
                "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2", "-subj", "/CN=tripterm test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            ["req"] + ec + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=localhost"],
            [
                "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                "-CAcreateserial", "-out", path("server.pem"), "-days", "2", "-extfile", path("server.ext"),
            ],
        ] {
            let output = try await TriptermBinary.runTool("/usr/bin/env", ["openssl"] + step)
            guard output.status == 0 else { throw ServeFailed(output: "openssl \(step): \(output.stderr)") }
        }
    }

    /// curl with the CA trusted and the server token, then `arguments`: the body, the HTTP version and the status
    /// (version "" and status 0 when curl failed; `exit` says how).
    func curl(_ arguments: [String], trustCA: Bool = true) async throws -> CurlResult {
        let trust = trustCA ? ["--cacert", caFile] : []
        let output = try await TriptermBinary.runTool(
            "/usr/bin/env",
            [
                "curl", "-sS", "--max-time", "10", "-H", "Authorization: Bearer \(token)", "-w",
                "\n%{http_version} %{http_code}",
            ]
                + trust + arguments)
        var lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let last = lines.popLast().map { $0.split(separator: " ") } ?? []
        return CurlResult(
            exit: output.status, body: lines.joined(separator: "\n"), httpVersion: last.first.map(String.init) ?? "",
            status: last.count == 2 ? Int(last[1]) ?? 0 : 0, stderr: output.stderr)
    }

    /// Runs a Python script (from `Tests/TriptermTests`' raw-socket clients) with the server's port and `arguments`,
    /// and its standard output parsed as JSON.
    func python(_ script: String, _ arguments: [String] = []) async throws -> [String: Any] {
        let output = try await TriptermBinary.runTool(
            "/usr/bin/env", ["python3", "-c", script, String(port)] + arguments)
        guard output.status == 0,
            let json = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        else { throw ServeFailed(output: "python: \(output.stdout) \(output.stderr)") }
        return json
    }

    static let vehicleJSON =
        #"{"vehicleState":"OFFLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#
}

struct CurlResult {
    var exit: Int32
    var body: String
    var httpVersion: String
    var status: Int
    var stderr: String
}

struct ServeFailed: Error, CustomStringConvertible {
    var output: String
    var description: String { "tripterm serve did not start as expected: \(output)" }
}
