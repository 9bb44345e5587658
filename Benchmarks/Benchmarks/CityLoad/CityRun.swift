import NIOCore

/// The city running for a while, open loop: every vehicle reports and every rider polls once per ``period``, each
/// at its own phase so that the requests are spread evenly, and each request goes at its scheduled time whatever
/// became of the earlier ones. A request's latency counts from that time, so waiting for a connection or for a
/// server that has fallen behind is part of it (no coordinated omission).
///
/// Runs on the pool's event loop, a 1 ms tick sending whatever has come due: its state is confined there.
final class CityRun: @unchecked Sendable {
    /// How often the Driver SDK reports and the Consumer SDK polls.
    static let period = TimeAmount.seconds(5)
    /// An answer later than the next poll is of no use to a rider: it counts as a timeout.
    static let timeout = TimeAmount.seconds(5)

    private let pool: HTTPPool
    private let reports: CityReports
    private let tokens: CityTokens
    private let city: Int
    private let duration: TimeAmount
    /// Requests the run schedules: two per member of the city per period, while inside `duration`.
    private let total: Int
    private let reportURIs: [String]
    private let pollURIs: [String]

    private(set) var writes = LatencyTally()
    private(set) var reads = LatencyTally()
    /// The longest a request went out after its scheduled time (the generator's own lag, also in the latencies).
    private(set) var maxLag = TimeAmount.zero
    private var start = NIODeadline.now()
    private var next = 0
    private var outstandingWrites = 0
    private var outstandingReads = 0
    private var finished = false
    private var ticker: RepeatedTask?
    private let done: EventLoopPromise<Void>

    init(pool: HTTPPool, requests: CityRequests, reports: CityReports, tokens: CityTokens, seconds: Double) {
        self.pool = pool
        self.reports = reports
        self.tokens = tokens
        city = tokens.drivers.count
        duration = .nanoseconds(Int64(seconds * 1e9))
        total = Self.scheduled(seconds: seconds, city: city)
        reportURIs = (0..<city).map(requests.reportURI)
        pollURIs = (0..<city).map(requests.pollURI)
        done = pool.loop.makePromise()
    }

    /// Runs the city to its end and until every request is answered or timed out.
    func run() async throws {
        try await pool.loop.submit {
            self.start = .now()
            self.ticker = self.pool.loop.scheduleRepeatedTask(initialDelay: .zero, delay: .milliseconds(1)) { _ in
                self.tick()
            }
        }.get()
        try await done.futureResult.get()
    }

    /// How many requests a run of `seconds` schedules: two per member of the city per period.
    static func scheduled(seconds: Double, city: Int) -> Int {
        Int((seconds * 1e9 * Double(2 * city) / Double(period.nanoseconds)).rounded(.up))
    }

    /// How many periods a run of `seconds` starts.
    static func periods(seconds: Double, city: Int) -> Int {
        (scheduled(seconds: seconds, city: city) + 2 * city - 1) / (2 * city)
    }

    /// When request `n` is due after the start: request `n` of each period's 2 × city, evenly spaced.
    static func offset(_ n: Int, city: Int) -> TimeAmount {
        .nanoseconds(Int64(n) * period.nanoseconds / Int64(2 * city))
    }

    private func offset(_ n: Int) -> TimeAmount { Self.offset(n, city: city) }

    private func tick() {
        let now = NIODeadline.now()
        let elapsed = now - start
        while next < total, offset(next) <= elapsed {
            send(next, now: now)
            next += 1
        }
        if next == total, outstandingWrites + outstandingReads == 0 || elapsed > duration + Self.timeout {
            finish()
        }
    }

    /// Sends request `n`: even ones are vehicle reports, odd ones rider polls, member `n / 2` of the city.
    private func send(_ n: Int, now: NIODeadline) {
        let member = (n / 2) % city
        let isWrite = n % 2 == 0
        let scheduled = start + offset(n)
        maxLag = max(maxLag, now - scheduled)
        let request: PoolRequest
        if isWrite {
            writes.offered += 1
            outstandingWrites += 1
            request = PoolRequest(
                method: .PUT, uri: reportURIs[member], token: tokens.drivers[member],
                body: reports.bodies[member][n / (2 * city)])
        } else {
            reads.offered += 1
            outstandingReads += 1
            request = PoolRequest(method: .GET, uri: pollURIs[member], token: tokens.consumers[member], body: nil)
        }
        pool.submit(request) { outcome in
            guard !self.finished else { return }
            let micros = UInt32(clamping: (NIODeadline.now() - scheduled).nanoseconds / 1000)
            let timeoutMicros = UInt32(Self.timeout.nanoseconds / 1000)
            if isWrite {
                self.outstandingWrites -= 1
                self.writes.record(outcome, micros: micros, timeoutMicros: timeoutMicros)
            } else {
                self.outstandingReads -= 1
                self.reads.record(outcome, micros: micros, timeoutMicros: timeoutMicros)
            }
        }
    }

    /// Stops the clock; what is still unanswered timed out.
    private func finish() {
        finished = true
        ticker?.cancel()
        writes.timeouts += outstandingWrites
        reads.timeouts += outstandingReads
        pool.dropWaiting()
        done.succeed()
    }
}
