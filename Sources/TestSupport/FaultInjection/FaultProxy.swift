import AsyncHTTPClient
import FleetClient
import FleetModel
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A loopback HTTP proxy in front of a real Fleet Engine–compatible server (the local `tripterm serve`) that
/// forwards requests, or answers them with injected faults — on cue (``Mode/inject(_:)``) or at random from a
/// seeded ``FaultPlan`` that flips between broken and healthy phases — and records every request with the fault
/// it got (``records``), so a test can check each failure its client reported against what was injected.
///
/// Bounded: after `maxRequests` it closes every connection unanswered (``overLimit`` counts them) and after
/// `lifetime` it stops listening, so a runaway test cannot keep it going.
public final class FaultProxy: Sendable {
    /// What the proxy does with the requests that follow.
    public enum Mode: Sendable {
        case forward
        /// Every request gets this fault.
        case inject(Fault)
        /// Requests whose query contains the text get the fault, the others are forwarded: a fleet listing that
        /// breaks off after its first page (`pageToken=`).
        case injectWhereQueryContains(String, Fault)
        /// Faults at random, in phases, from the plan (started afresh, broken first, when set).
        case plan(FaultPlan)
    }

    public let target: String
    public let stallLimit: Duration
    private let server: LoopbackHTTPServer
    private let core: Core
    private let lifetimeTask: Task<Void, Never>

    public var url: String { server.baseURL }

    private init(
        target: String, stallLimit: Duration, server: LoopbackHTTPServer, core: Core, lifetimeTask: Task<Void, Never>
    ) {
        self.target = target
        self.stallLimit = stallLimit
        self.server = server
        self.core = core
        self.lifetimeTask = lifetimeTask
    }

    /// Starts a proxy for `target` (e.g. `http://127.0.0.1:8787`), forwarding until told otherwise.
    ///
    /// - Parameters:
    ///   - stallLimit: how long a stall holds its connection; longer than the client's request timeout.
    ///   - executor: where the proxy's handler runs (``FleetClient/ThreadExecutor/timed`` for a timed test); the
    ///     pool by default.
    public static func start(
        target: String, mode: Mode = .forward, stallLimit: Duration = .seconds(2), maxRequests: Int = 100_000,
        lifetime: Duration = .seconds(300), executor: (any TaskExecutor)? = nil
    ) async throws -> FaultProxy {
        let core = Core(target: target, stallLimit: stallLimit, maxRequests: maxRequests)
        core.set(mode)
        let server = try await LoopbackHTTPServer.start(executor: executor) { request in await core.answer(request) }
        let lifetimeTask = Task {
            try? await Task.sleep(for: lifetime)
            if !Task.isCancelled { await server.stop() }
        }
        return FaultProxy(
            target: target, stallLimit: stallLimit, server: server, core: core, lifetimeTask: lifetimeTask)
    }

    public func stop() async {
        lifetimeTask.cancel()
        await server.stop()
        await core.shutdown()
    }

    public var mode: Mode {
        get { core.state.withLockedValue { $0.mode } }
        set { core.set(newValue) }
    }

    /// Forwards everything from now on (the end of any plan), noting the moment as a phase change.
    public func heal() { mode = .forward }

    /// Every request received, in order of arrival.
    public var records: [FaultRecord] { core.state.withLockedValue { $0.records } }
    /// The most recent request, if any.
    public var lastRecord: FaultRecord? { core.state.withLockedValue { $0.records.last } }
    public var requestCount: Int { core.state.withLockedValue { $0.records.count } }
    /// Requests answered with a fault.
    public var injectedCount: Int { core.state.withLockedValue { $0.injected } }
    /// Every switch between healthy and broken, in order (mode changes and plan phases alike).
    public var phaseChanges: [PhaseChange] {
        core.state.withLockedValue { s in
            if case .plan = s.mode, var plan = s.plan {
                s.phases += plan.advance(to: .now).map { PhaseChange(broken: $0.broken, at: $0.at) }
                s.plan = plan
            }
            return s.phases
        }
    }
    /// Whether the proxy is injecting faults now.
    public var isBroken: Bool { phaseChanges.last?.broken ?? false }
    /// Requests refused after `maxRequests`.
    public var overLimit: Int { core.state.withLockedValue { $0.overLimit } }

    /// The proxy's mutable state and its request handling, made before the server so the handler can reach it.
    private final class Core: Sendable {
        struct State {
            var mode: Mode = .forward
            var plan: PlanState?
            var records: [FaultRecord] = []
            var phases: [PhaseChange] = []
            var injected = 0
            var overLimit = 0
        }

        let target: String
        let stallLimit: Duration
        let maxRequests: Int
        let state = NIOLockedValueBox(State())
        /// The proxy's own client on its own event loop, not the process-wide shared one: a soak pushes thousands
        /// of requests through it, and its connection pool's bookkeeping then runs on that loop alone instead of
        /// holding up a loop every other test's servers and clients share (seen: a shared loop busy for 15 s in
        /// the pool's state machine, and other tests' requests timing out behind it).
        let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let http: HTTPClient

        init(target: String, stallLimit: Duration, maxRequests: Int) {
            self.target = target
            self.stallLimit = stallLimit
            self.maxRequests = maxRequests
            http = HTTPClient(eventLoopGroupProvider: .shared(loop))
        }

        func shutdown() async {
            try? await http.shutdown()
            try? await loop.shutdownGracefully()
        }

        func set(_ mode: Mode) {
            let now = ContinuousClock.now
            state.withLockedValue { s in
                s.mode = mode
                switch mode {
                case .forward:
                    s.plan = nil
                    if s.phases.last?.broken == true { s.phases.append(PhaseChange(broken: false, at: now)) }
                case .inject, .injectWhereQueryContains:
                    s.plan = nil
                    if s.phases.last?.broken != true { s.phases.append(PhaseChange(broken: true, at: now)) }
                case .plan(let plan):
                    s.plan = PlanState(plan, now: now)
                    if s.phases.last?.broken != true { s.phases.append(PhaseChange(broken: true, at: now)) }
                }
            }
        }

        /// Picks the fault for `request` (or none) and records it.
        private func decide(_ request: ReceivedRequest) -> (index: Int, fault: Fault?)? {
            let now = ContinuousClock.now
            return state.withLockedValue { s in
                guard s.records.count < maxRequests else {
                    s.overLimit += 1
                    return nil
                }
                var fault: Fault?
                switch s.mode {
                case .forward: fault = nil
                case .inject(let f): fault = f
                case .injectWhereQueryContains(let text, let f): fault = request.query.contains(text) ? f : nil
                case .plan:
                    if var plan = s.plan {
                        s.phases += plan.advance(to: now).map { PhaseChange(broken: $0.broken, at: $0.at) }
                        fault = plan.broken ? plan.nextFault() : nil
                        s.plan = plan
                    }
                }
                if fault != nil { s.injected += 1 }
                s.records.append(
                    FaultRecord(
                        index: s.records.count, at: now, method: request.method, path: request.path,
                        query: request.query,
                        body: request.body, fault: fault, answeredStatus: nil))
                return (s.records.count - 1, fault)
            }
        }

        private func setStatus(_ status: Int?, at index: Int) {
            state.withLockedValue { $0.records[index].answeredStatus = status }
        }

        func answer(_ request: ReceivedRequest) async -> HTTPReply {
            guard let (index, fault) = decide(request) else { return .wire([], then: .close) }
            guard let fault else {
                let upstream = await forward(request)
                setStatus(upstream.status, at: index)
                return .wire(
                    HTTPReply.response(
                        status: upstream.status, contentType: upstream.contentType, body: upstream.body,
                        headers: upstream.headers),
                    then: .keepAlive)
            }
            let upstream = fault.needsUpstream ? await forward(request) : nil
            let reply = render(fault, upstream: upstream)
            if case .status(let code, _, _) = fault { setStatus(code.httpStatus, at: index) }
            if case .bareStatus(let status) = fault { setStatus(status, at: index) }
            return reply
        }

        private func render(_ fault: Fault, upstream: Upstream?) -> HTTPReply {
            let body = upstream?.body ?? Array(#"{"name": "providers/p/trips/t", "tripStatus": "NEW"}"#.utf8)
            let half = Array(body.prefix(max(1, body.count / 2)))
            let head = HTTPReply.head(
                status: 200, contentType: "application/json", contentLength: body.count, headers: [:])
            switch fault {
            case .status(let code, let message, let retryAfter):
                var headers: [String: String] = [:]
                var retryDelay: String?
                if let retryAfter {
                    let (seconds, attoseconds) = retryAfter.components
                    if attoseconds == 0 {
                        headers["Retry-After"] = "\(seconds)"
                    } else {
                        retryDelay = String(format: "%.3fs", retryAfter.inSeconds)
                    }
                }
                let json = GoogleErrorJSON.body(
                    status: code.httpStatus, code: code.name, message: message, retryDelay: retryDelay)
                return .json(status: code.httpStatus, json, headers: headers)
            case .bareStatus(let status):
                let title = "\(status) \(HTTPReply.reason(status))"
                return .raw(
                    status: status, contentType: "text/html",
                    body: "<html><head><title>\(title)</title></head><body><h1>\(title)</h1></body></html>")
            case .stall: return .wire([], then: .stall(stallLimit))
            case .stallMidBody: return .wire(head + half, then: .stall(stallLimit))
            case .closeBeforeResponse: return .wire([], then: .close)
            case .closeMidBody: return .wire(head + half, then: .close)
            case .truncatedJSON:
                return .wire(
                    HTTPReply.response(status: 200, contentType: "application/json", body: half), then: .keepAlive)
            case .nonJSON:
                return .raw(
                    status: 200, contentType: "text/html", body: "<html><body>Sign in to continue</body></html>")
            case .garbage: return .wire(Array("SSH-2.0-OpenSSH_9.2\r\n\u{1}\u{2}\u{3}".utf8), then: .close)
            }
        }

        struct Upstream {
            var status: Int
            var contentType: String
            var headers: [String: String]
            var body: [UInt8]
        }

        /// The real server's answer to `request`; a 502 with Google's JSON when it cannot be reached.
        private func forward(_ request: ReceivedRequest) async -> Upstream {
            var forwarded = HTTPClientRequest(url: target + request.uri)
            forwarded.method = HTTPMethod(rawValue: request.method)
            for (name, value) in request.headers where !["host", "content-length", "connection"].contains(name) {
                forwarded.headers.add(name: name, value: value)
            }
            if !request.body.isEmpty { forwarded.body = .bytes(ByteBuffer(string: request.body)) }
            do {
                let response = try await http.execute(forwarded, timeout: .seconds(30))
                let bytes = try await response.body.bytes(upTo: 64 << 20)
                var headers: [String: String] = [:]
                for (name, value) in response.headers
                where !["content-length", "content-type", "transfer-encoding", "connection"].contains(name.lowercased())
                {
                    headers[name] = value
                }
                return Upstream(
                    status: Int(response.status.code),
                    contentType: response.headers.first(name: "Content-Type") ?? "application/json",
                    headers: headers, body: Array(bytes))
            } catch {
                let json = GoogleErrorJSON.body(
                    status: 502, code: "UNAVAILABLE", message: "fault proxy: upstream failed: \(error)")
                return Upstream(status: 502, contentType: "application/json", headers: [:], body: Array(json.utf8))
            }
        }
    }
}
