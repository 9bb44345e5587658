import AsyncHTTPClient
import FleetModel
import FleetServer
import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

/// A real `tripterm serve` on a free loopback port with a fresh data directory, driven over HTTP.
final class TestServer: Sendable {
    let baseURL: String
    let directory: URL
    let databasePath: String
    let minter: TokenMinter
    let logs: LogCapture
    private let task: Task<Void, any Error>

    private init(baseURL: String, directory: URL, databasePath: String, minter: TokenMinter, logs: LogCapture, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.directory = directory
        self.databasePath = databasePath
        self.minter = minter
        self.logs = logs
        self.task = task
    }

    /// Starts a server; `directory` reuses an existing data directory (to restart on the same database).
    static func start(directory existing: URL? = nil, maxBodyBytes: Int = 1 << 20) async throws -> TestServer {
        let directory = existing ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("tripterm-server-tests-\(UUID().uuidString)")
        let logs = LogCapture()
        let logger = Logger(label: "test.serve") { _ in logs.handler() }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let configuration = FleetServerConfiguration(
            port: 0, dataDirectory: directory, maxBodyBytes: maxBodyBytes, logger: logger,
            onListening: { _, port in continuation.yield(port) })
        let app = try await FleetServer.buildApplication(configuration: configuration)
        let task = Task { try await app.run() }
        var port = 0
        for await p in ports {
            port = p
            break
        }
        let key = try ServerKey.loadOrCreate(in: directory)
        return TestServer(
            baseURL: "http://127.0.0.1:\(port)", directory: directory,
            databasePath: configuration.resolvedDatabasePath, minter: TokenMinter(key: key), logs: logs, task: task)
    }

    /// Stops the server and waits until it has shut down.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    func token(_ claims: AuthorizationClaims) async throws -> String { try await minter.mint(claims) }
    func serverToken() async throws -> String { try await minter.mint(.server) }

    func request(
        _ method: TestMethod, _ path: String, token: String?, body: String? = nil, headers: [(String, String)] = []
    ) async throws -> TestResponse {
        var request = HTTPClientRequest(url: baseURL + path)
        switch method {
        case .GET: request.method = .GET
        case .POST: request.method = .POST
        case .PUT: request.method = .PUT
        case .DELETE: request.method = .DELETE
        case .PATCH: request.method = .PATCH
        }
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(Array(body.utf8))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        var bytes: [UInt8] = []
        for try await chunk in response.body { bytes += chunk.readableBytesView }
        return TestResponse(
            status: Int(response.status.code), body: String(decoding: bytes, as: UTF8.self),
            headers: response.headers.map { ($0.name.lowercased(), $0.value) })
    }

    /// Server-token shortcuts for setting up fixtures.
    @discardableResult
    func createVehicle(_ id: String, provider: String = "p") async throws -> TestResponse {
        let response = try await request(
            .POST, "/v1/providers/\(provider)/vehicles?vehicleId=\(id)", token: serverToken(),
            body: #"{"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE","SHARED"],"maximumCapacity":4,"vehicleType":{"category":"AUTO"}}"#)
        try #require(response.status == 200, "\(response.body)")
        return response
    }

    @discardableResult
    func createTrip(_ id: String, vehicle: String? = nil, provider: String = "p") async throws -> TestResponse {
        let vehicleField = vehicle.map { #","vehicleId":"\#($0)""# } ?? ""
        let response = try await request(
            .POST, "/v1/providers/\(provider)/trips?tripId=\(id)", token: serverToken(),
            body: #"{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7384,"longitude":7.4246}},"dropoffPoint":{"point":{"latitude":43.7500,"longitude":7.4400}},"numberOfPassengers":1\#(vehicleField)}"#)
        try #require(response.status == 200, "\(response.body)")
        return response
    }
}

/// The HTTP methods the tests use (NIOHTTP1's `HTTPMethod` is not imported here).
enum TestMethod { case GET, POST, PUT, DELETE, PATCH }

/// Runs `body` against a fresh server and always stops it.
func withServer<T>(maxBodyBytes: Int = 1 << 20, _ body: (TestServer) async throws -> T) async throws -> T {
    let server = try await TestServer.start(maxBodyBytes: maxBodyBytes)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// An HTTP answer with its body parsed as JSON where it is JSON.
struct TestResponse: Sendable {
    let status: Int
    let body: String
    let headers: [(String, String)]

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }

    func header(_ name: String) -> String? { headers.first { $0.0 == name.lowercased() }?.1 }

    func trip() throws -> Trip { try ProtoJSON.decode(Trip.self, from: body, options: .strict) }
    func vehicle() throws -> Vehicle { try ProtoJSON.decode(Vehicle.self, from: body, options: .strict) }

    /// Google's error shape: `{"error":{"code":…,"message":…,"status":…}}` and nothing else.
    func expectError(_ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(body)", sourceLocation: sourceLocation)
        let error = json["error"] as? [String: Any]
        #expect(json.count == 1, "\(body)", sourceLocation: sourceLocation)
        #expect(error?["code"] as? Int == status, "\(body)", sourceLocation: sourceLocation)
        #expect(error?["status"] as? String == code, "\(body)", sourceLocation: sourceLocation)
        #expect((error?["message"] as? String)?.isEmpty == false, "\(body)", sourceLocation: sourceLocation)
        #expect(header("content-type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    }
}

/// Collects every log line the server writes, to check what is (and is not) logged.
final class LogCapture: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])

    var all: [String] { lines.withLockedValue { $0 } }

    func handler() -> some LogHandler { Handler(capture: self) }

    fileprivate func append(_ line: String) { lines.withLockedValue { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            capture.append("\(event.level) \(event.message) \(event.metadata ?? [:])")
        }
    }
}

