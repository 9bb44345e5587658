import NIOCore
import NIOHTTP1

/// The city running for a while, open loop: every writer (a vehicle reporting) and every reader (a rider or a
/// shipment's consumer polling) sends once per ``period``, each at its own phase so that the requests are spread
/// evenly — writes interleaved among the reads whatever their ratio — and each request goes at its scheduled time
/// whatever became of the earlier ones. A request's latency counts from that time, so waiting for a connection or
/// for a server that has fallen behind is part of it (no coordinated omission).
///
/// Runs on the pool's event loop, a 1 ms tick sending whatever has come due: its state is confined there.
final class CityRun: @unchecked Sendable {
    /// How often the Driver SDK reports and the Consumer SDK polls.
    static let period = TimeAmount.seconds(5)
    /// An answer later than the next poll is of no use to a rider: it counts as a timeout.
    static let timeout = TimeAmount.seconds(5)

    /// Who sends what: writer `i` sends `writeBodies[i][k]` in period `k`; readers send no body.
    struct Workload: Sendable {
        var writes: [(method: HTTPMethod, uri: String, token: String)]
        var writeBodies: [[ByteBuffer]]
        var reads: [(uri: String, token: String)]

        /// Requests per period.
        var perPeriod: Int { writes.count + reads.count }

        /// Request `slot` of a period: a write (its writer) or a read (its reader), writes spread evenly.
        func role(ofSlot slot: Int) -> (isWrite: Bool, index: Int) {
            let before = slot * writes.count / perPeriod
            let through = (slot + 1) * writes.count / perPeriod
            return through > before ? (true, before) : (false, slot - before)
        }
    }

    private let pool: HTTPPool
    private let workload: Workload
    private let duration: TimeAmount
    /// Requests the run schedules: one per writer and reader per period, while inside `duration`.
    private let total: Int

    /// The rounds after the first: the city as it runs.
    private(set) var writes = LatencyTally()
    private(set) var reads = LatencyTally()
    /// The first round, kept apart: every token and every resource is new to the server then, as after a restart
    /// that every phone reconnects to at once.
    private(set) var firstWrites = LatencyTally()
    private(set) var firstReads = LatencyTally()
    /// The longest a request went out after its scheduled time (the generator's own lag, also in the latencies).
    private(set) var maxLag = TimeAmount.zero
    private var start = NIODeadline.now()
    private var next = 0
    private var outstandingWrites = 0
    private var outstandingReads = 0
    private var finished = false
    private var ticker: RepeatedTask?
    private let done: EventLoopPromise<Void>

    init(pool: HTTPPool, workload: Workload, seconds: Double) {
        self.pool = pool
        self.workload = workload
        duration = .nanoseconds(Int64(seconds * 1e9))
        total = Self.scheduled(seconds: seconds, perPeriod: workload.perPeriod)
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

    /// How many requests a run of `seconds` schedules.
    static func scheduled(seconds: Double, perPeriod: Int) -> Int {
        Int((seconds * 1e9 * Double(perPeriod) / Double(period.nanoseconds)).rounded(.up))
    }

    /// How many periods a run of `seconds` starts.
    static func periods(seconds: Double, perPeriod: Int) -> Int {
        (scheduled(seconds: seconds, perPeriod: perPeriod) + perPeriod - 1) / perPeriod
    }

    /// When request `n` is due after the start: request `n` of each period's `perPeriod`, evenly spaced.
    static func offset(_ n: Int, perPeriod: Int) -> TimeAmount {
        .nanoseconds(Int64(n) * period.nanoseconds / Int64(perPeriod))
    }

    /// When writer `writer` sends in period `k`, after the start (what its report describes).
    static func writeOffset(_ writer: Int, period k: Int, workload: (perPeriod: Int, writers: Int)) -> TimeAmount {
        // Writer i's slot is the first whose count of writes through it passes i: ⌈(i + 1) N / W⌉ − 1.
        let (n, w) = (workload.perPeriod, workload.writers)
        let slot = ((writer + 1) * n + w - 1) / w - 1
        return offset(k * workload.perPeriod + slot, perPeriod: workload.perPeriod)
    }

    private func tick() {
        let now = NIODeadline.now()
        let elapsed = now - start
        while next < total, Self.offset(next, perPeriod: workload.perPeriod) <= elapsed {
            send(next, now: now)
            next += 1
        }
        if next == total, outstandingWrites + outstandingReads == 0 || elapsed > duration + Self.timeout {
            finish()
        }
    }

    private func send(_ n: Int, now: NIODeadline) {
        let (isWrite, index) = workload.role(ofSlot: n % workload.perPeriod)
        let scheduled = start + Self.offset(n, perPeriod: workload.perPeriod)
        maxLag = max(maxLag, now - scheduled)
        let request: PoolRequest
        let firstRound = n < workload.perPeriod
        if isWrite {
            if firstRound { firstWrites.offered += 1 } else { writes.offered += 1 }
            outstandingWrites += 1
            let write = workload.writes[index]
            request = PoolRequest(
                method: write.method, uri: write.uri, token: write.token,
                body: workload.writeBodies[index][n / workload.perPeriod])
        } else {
            if firstRound { firstReads.offered += 1 } else { reads.offered += 1 }
            outstandingReads += 1
            let read = workload.reads[index]
            request = PoolRequest(method: .GET, uri: read.uri, token: read.token, body: nil)
        }
        pool.submit(request) { outcome in
            guard !self.finished else { return }
            let micros = UInt32(clamping: (NIODeadline.now() - scheduled).nanoseconds / 1000)
            let timeoutMicros = UInt32(Self.timeout.nanoseconds / 1000)
            switch (isWrite, firstRound) {
            case (true, true): self.firstWrites.record(outcome, micros: micros, timeoutMicros: timeoutMicros)
            case (true, false): self.writes.record(outcome, micros: micros, timeoutMicros: timeoutMicros)
            case (false, true): self.firstReads.record(outcome, micros: micros, timeoutMicros: timeoutMicros)
            case (false, false): self.reads.record(outcome, micros: micros, timeoutMicros: timeoutMicros)
            }
            if isWrite { self.outstandingWrites -= 1 } else { self.outstandingReads -= 1 }
        }
    }

    /// Stops the clock; what is still unanswered timed out (the first round's answered or timed out long before).
    private func finish() {
        finished = true
        ticker?.cancel()
        writes.timeouts += outstandingWrites
        reads.timeouts += outstandingReads
        pool.dropWaiting()
        done.succeed()
    }
}
