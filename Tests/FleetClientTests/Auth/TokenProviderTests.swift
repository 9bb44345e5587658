import FleetClient
import FleetModel
import Foundation
import Synchronization
import TestSupport
import Testing

/// Token sources as `--token`, `--token-command` and `--token-url` use them, and the cache in front of them.
@Suite struct TokenProviderTests {
    static let context = AuthTokenContext(tripID: "trip-1", role: .consumer)

    /// An unsigned JWT with the given payload: the client only reads it.
    static func jwt(_ payload: String) -> String {
        func b64(_ s: String) -> String {
            Data(s.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
                of: "/", with: "_"
            )
            .replacingOccurrences(of: "=", with: "")
        }
        return b64(#"{"alg":"RS256","typ":"JWT"}"#) + "." + b64(payload) + ".c2ln"
    }

    static func script(_ body: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("token.sh").path
        try Data(("#!/bin/sh\n" + body).utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func jwtExpiryIsReadWithoutVerifying() {
        let token = AuthToken(jwt: Self.jwt(#"{"exp":1735693200,"authorization":{"tripid":"trip-1"}}"#))
        #expect(token.expiresAt == Date(timeIntervalSince1970: 1_735_693_200))
        #expect(AuthToken(jwt: "not-a-jwt").expiresAt == nil)
        #expect(AuthToken(jwt: "a.!!!.c").expiresAt == nil)
    }

    @Test func anExpiredFixedTokenIsAClientErrorBeforeAnyRequest() async throws {
        let provider = FixedTokenProvider(token: Self.jwt(#"{"exp":1000}"#), now: { Date(timeIntervalSince1970: 2000) })
        await #expect(throws: TripServiceError.self) { try await provider.token(for: Self.context) }
        do {
            _ = try await provider.token(for: Self.context)
        } catch {
            #expect(error.code == .unauthenticated)
            #expect(error.message.contains("expired at 1970-01-01T00:16:40Z"))
        }
        let fresh = FixedTokenProvider(token: Self.jwt(#"{"exp":3000}"#), now: { Date(timeIntervalSince1970: 2000) })
        #expect(try await fresh.token(for: Self.context).expiresAt == Date(timeIntervalSince1970: 3000))
    }

    @Test func anExpiredFixedTokenNamesWhereItWasGiven() async {
        let expired = Self.jwt(#"{"exp":1000}"#)
        let provider = FixedTokenProvider(
            token: expired, origin: "TRIPTERM_TOKEN", now: { Date(timeIntervalSince1970: 2000) })
        await #expect(throws: TripServiceError.self) { try await provider.token(for: Self.context) }
        do {
            _ = try await provider.token(for: Self.context)
        } catch {
            #expect(error.message.hasPrefix("the TRIPTERM_TOKEN JWT expired at 1970-01-01T00:16:40Z"))
        }
    }

    @Test func aTokenCommandGetsTheContextAndMayAnswerJSON() async throws {
        let path = try Self.script(
            #"printf '{"token": "tok-%s-%s", "expiresInSeconds": 600}\n' "$TRIPTERM_TRIP_ID" "$TRIPTERM_ROLE""#)
        let provider = CommandTokenProvider(command: path, now: { Date(timeIntervalSince1970: 1000) })
        let token = try await provider.token(for: Self.context)
        #expect(token.value == "tok-trip-1-consumer")
        #expect(token.expiresAt == Date(timeIntervalSince1970: 1600))
    }

    @Test func aTokenCommandMayPrintABareTokenWithArguments() async throws {
        let path = try Self.script(#"echo "$1-$TRIPTERM_VEHICLE_ID""#)
        let provider = CommandTokenProvider(command: "\(path) bare")
        let token = try await provider.token(for: AuthTokenContext(vehicleID: "v-9", role: .driver))
        #expect(token.value == "bare-v-9")
        #expect(token.expiresAt == nil)
    }

    @Test func aFailingTokenCommandSaysWhatFailed() async throws {
        let failing = try Self.script("echo 'no credentials for this trip' >&2\nexit 3")
        let silent = try Self.script("exit 0")
        let chatty = try Self.script("echo 'here is your token: abc'")
        let cases: [(String, String)] = [
            (failing, "exited with status 3: no credentials for this trip"),
            (silent, "printed nothing"),
            (chatty, "printed more than one word"),
            ("/nonexistent/token-tool", "exited with status 127"),
        ]
        for (command, expected) in cases {
            do {
                _ = try await CommandTokenProvider(command: command).token(for: Self.context)
                Issue.record("\(command) should fail")
            } catch {
                #expect(error.errorClass == .client, "\(error)")
                #expect(error.code == .unauthenticated)
                #expect(error.message.contains("token command \"\(command)\""), "\(error.message)")
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
    }

    @Test func aHangingTokenCommandIsStopped() async throws {
        let path = try Self.script("exec sleep 30")
        do {
            _ = try await CommandTokenProvider(command: path, timeout: .seconds(1)).token(for: Self.context)
            Issue.record("should time out")
        } catch {
            #expect(error.message.contains("did not finish within 1 s"))
        }
    }

    /// A hanging command is stopped at its timeout, and a quick one is not called late, while every thread of the
    /// cooperative pool is busy. Both were seen under ASan with every suite at once:
    /// - the step after the spawn, and the arming of the timer with it, waited for the pool until the command had
    ///   run to its end ("printed nothing"); the run's jobs now have a thread of their own;
    /// - the exit counted only once the run returned, which swift-subprocess does through a task on the pool, so a
    ///   one-line script "did not finish within 30 s"; the exit is now seen on the process's pidfd.
    ///
    /// The hanging command starts from the test's own task, as an app's would; the quick one from a thread of its
    /// own, so that it starts before the pool fills and ends while it is full.
    @Test func tokenCommandsKeepTheirTimeoutWhileThePoolIsFull() async throws {
        let hanging = try Self.script("exec sleep 2")
        let quick = try Self.script("sleep 0.3; echo quick-token")
        @Sendable func outcome(_ command: String) async -> Result<AuthToken, TripServiceError> {
            do {
                return .success(
                    try await CommandTokenProvider(command: command, timeout: .seconds(1)).token(for: Self.context))
            } catch {
                return .failure(error)
            }
        }
        let answered = Task(executorPreference: ThreadExecutor.timed) { await outcome(quick) }
        let busy = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { Self.spin(for: .milliseconds(2500)) }
        }
        switch await outcome(hanging) {
        case .success: Issue.record("should time out")
        case .failure(let error): #expect(error.message.contains("did not finish within 1 s"), "\(error.message)")
        }
        #expect(try await answered.value.get().value == "quick-token")
        for task in busy { await task.value }
    }

    /// Holds a thread without a suspension point, as CPU-bound work does.
    static func spin(for duration: Duration) {
        let clock = ContinuousClock()
        let end = clock.now + duration
        while clock.now < end {}
    }

    /// Stopped by the timeout though it closed its pipes at once, and the child it started stopped with it: a wait
    /// for the pipes alone would have returned at once and then waited on the process for 30 s.
    @Test func aTokenCommandThatClosesItsPipesIsStoppedWithItsChildren() async throws {
        let pids = FileManager.default.temporaryDirectory.appendingPathComponent("tripterm-token-\(UUID().uuidString)")
        let path = try Self.script(
            "echo $$ > '\(pids.path)'; sleep 30 & echo $! >> '\(pids.path)'; exec >&- 2>&-; wait")
        do {
            _ = try await CommandTokenProvider(command: path, timeout: .seconds(1)).token(for: Self.context)
            Issue.record("should time out")
        } catch {
            #expect(error.message.contains("did not finish within 1 s"))
        }
        let started = try String(contentsOf: pids, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(started.count == 2)
        /// Gone, or a zombie waiting for its parent: no longer running either way.
        func hasEnded(_ stat: String) -> Bool {
            stat.isEmpty || stat.split(separator: ")").last?.hasPrefix(" Z") == true
        }
        for pid in started {
            // SIGKILL went to the whole group; the kernel may take a moment to end a process it did not wait for.
            var stat = ""
            for _ in 0..<100 {
                stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                if hasEnded(stat) { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(hasEnded(stat), "\(stat)")
        }
    }

    /// A timeout no run is slow enough to reach. These tests are about what is fetched and how failures are
    /// classified, not about time, and the provider's 15 s default once ran out under ASan with every suite at once
    /// (both token URL tests; the fake answered on the busy cooperative pool then, as it no longer does).
    static let patient: Duration = .seconds(300)

    @Test func aTokenURLIsFetchedWithTheContextFilledIn() async throws {
        try await FakeFleetEngine.with({ request in
            request.path.hasPrefix("/token/consumer/")
                ? .json(#"{"token": "url-\#(request.path.split(separator: "/").last!)", "expiresInSeconds": 60}"#)
                : .json(#"{"token": "q-\#(request.query)"}"#)
        }) { fake in
            let now = Date(timeIntervalSince1970: 5000)
            let (a, b) = try await ClientFixtures.withHTTPClient { http in
                let templated = URLTokenProvider(
                    url: fake.baseURL + "/token/{role}/{tripId}", httpClient: http, timeout: Self.patient, now: { now })
                let plain = URLTokenProvider(url: fake.baseURL + "/token", httpClient: http, timeout: Self.patient)
                return (try await templated.token(for: Self.context), try await plain.token(for: Self.context))
            }
            #expect(a.value == "url-trip-1")
            #expect(a.expiresAt == now.addingTimeInterval(60))
            #expect(b.value == "q-tripId=trip-1")
        }
    }

    @Test func aTokenURLThatRefusesOrIsDownIsClassified() async throws {
        try await FakeFleetEngine.with({ request in
            request.path == "/forbidden"
                ? .raw(status: 403, contentType: "text/plain", body: "no")
                : .raw(status: 503, contentType: "text/plain", body: "later")
        }) { fake in
            let (forbidden, busy, down) = try await ClientFixtures.withHTTPClient { http in
                let forbidden = await ClientFixtures.failure {
                    try await URLTokenProvider(
                        url: fake.baseURL + "/forbidden", httpClient: http, timeout: Self.patient
                    ).token(for: Self.context)
                }
                let busy = await ClientFixtures.failure {
                    try await URLTokenProvider(url: fake.baseURL + "/busy", httpClient: http, timeout: Self.patient)
                        .token(for: Self.context)
                }
                let down = await withClosedLoopbackPort { port in
                    await ClientFixtures.failure {
                        try await URLTokenProvider(url: "http://127.0.0.1:\(port)/t", httpClient: http)
                            .token(for: Self.context)
                    }
                }
                return (forbidden, busy, down)
            }
            #expect(forbidden?.errorClass == .client)
            #expect(forbidden?.message.contains("refused with HTTP 403") == true)
            #expect(busy?.errorClass == .recoverable)
            #expect(down?.transport == .connectionRefused)
            #expect(down?.message.contains("token URL http://127.0.0.1:") == true)
        }
    }

    @Test func concurrentCallersShareOneFetch() async throws {
        let base = GatedTokenProvider()
        let cache = CachingTokenProvider(base)
        let tokens = await withTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { (try? await cache.token(for: Self.context).value) ?? "failed" } }
            await base.waitForCallers(1)
            // Every caller is now waiting on the single fetch (or will find it cached).
            await base.open()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(tokens == Array(repeating: "gated-1", count: 20))
        #expect(await base.calls == 1)
        #expect(await cache.fetchCount == 1)
    }

    @Test func eachTripHasItsOwnToken() async throws {
        let path = try Self.script(#"echo "tok-$TRIPTERM_TRIP_ID""#)
        let cache = CachingTokenProvider(CommandTokenProvider(command: path))
        let a = try await cache.token(for: AuthTokenContext(tripID: "a", role: .consumer))
        let b = try await cache.token(for: AuthTokenContext(tripID: "b", role: .consumer))
        let again = try await cache.token(for: AuthTokenContext(tripID: "a", role: .consumer))
        #expect([a.value, b.value, again.value] == ["tok-a", "tok-b", "tok-a"])
        #expect(await cache.fetchCount == 2)
    }

    @Test func aTokenIsRefreshedAMarginBeforeItExpires() async throws {
        let clock = Locked(Date(timeIntervalSince1970: 0))
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        let base = SequenceTokenProvider(lifetime: 3600, now: now)
        let cache = CachingTokenProvider(base, refreshMargin: .seconds(300), now: now)
        #expect(try await cache.token(for: Self.context).value == "t1")
        clock.withLock { $0 = Date(timeIntervalSince1970: 3299) }
        #expect(try await cache.token(for: Self.context).value == "t1")
        clock.withLock { $0 = Date(timeIntervalSince1970: 3300) }
        #expect(try await cache.token(for: Self.context).value == "t2")
        // A short-lived token is refreshed at half its life rather than never cached.
        let short = CachingTokenProvider(
            SequenceTokenProvider(lifetime: 60, now: now), refreshMargin: .seconds(300), now: now)
        #expect(try await short.token(for: Self.context).value == "t1")
        clock.withLock { $0 = $0.addingTimeInterval(29) }
        #expect(try await short.token(for: Self.context).value == "t1")
        clock.withLock { $0 = $0.addingTimeInterval(1) }
        #expect(try await short.token(for: Self.context).value == "t2")
    }

    @Test func invalidateForcesANewFetchAndFailuresAreNotCached() async throws {
        let base = SequenceTokenProvider(lifetime: 3600, now: { Date(timeIntervalSince1970: 0) }, failFirst: true)
        let cache = CachingTokenProvider(base, now: { Date(timeIntervalSince1970: 0) })
        let first = await ClientFixtures.failure { try await cache.token(for: Self.context) }
        #expect(first?.code == .unavailable)
        #expect(try await cache.token(for: Self.context).value == "t1")
        await cache.invalidate(Self.context)
        #expect(try await cache.token(for: Self.context).value == "t2")
        #expect(await cache.fetchCount == 3)
    }
}

/// A provider whose fetch waits until the test opens it, counting calls.
actor GatedTokenProvider: AuthTokenProvider {
    private(set) var calls = 0
    private var gate: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    private var callerWaiters: [(Int, CheckedContinuation<Void, Never>)] = []

    func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken {
        calls += 1
        for waiter in callerWaiters where waiter.0 <= calls { waiter.1.resume() }
        callerWaiters.removeAll { $0.0 <= calls }
        if !isOpen { await withCheckedContinuation { gate.append($0) } }
        return AuthToken(value: "gated-\(calls)")
    }

    func waitForCallers(_ count: Int) async {
        if calls >= count { return }
        await withCheckedContinuation { callerWaiters.append((count, $0)) }
    }

    func open() {
        isOpen = true
        for waiter in gate { waiter.resume() }
        gate = []
    }
}

/// Hands out `t1`, `t2`… each valid for `lifetime` seconds from the injected now; optionally fails first.
actor SequenceTokenProvider: AuthTokenProvider {
    private var issued = 0
    private var failNext: Bool
    let lifetime: TimeInterval
    let now: @Sendable () -> Date

    init(lifetime: TimeInterval, now: @escaping @Sendable () -> Date, failFirst: Bool = false) {
        self.lifetime = lifetime
        self.now = now
        self.failNext = failFirst
    }

    func token(for context: AuthTokenContext) async throws(TripServiceError) -> AuthToken {
        if failNext {
            failNext = false
            throw TripServiceError(transport: .connectionRefused)
        }
        issued += 1
        return AuthToken(value: "t\(issued)", expiresAt: now().addingTimeInterval(lifetime))
    }
}
