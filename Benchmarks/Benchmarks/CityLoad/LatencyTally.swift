/// What one kind of request (the vehicles' reports or the riders' polls) came to over a run. Latencies are from
/// each request's scheduled time, not from when it could be sent, so a server falling behind is counted in full.
struct LatencyTally: Sendable {
    /// Requests scheduled in the run.
    var offered = 0
    /// 2xx answers within ``CityRun/timeout``.
    var succeeded = 0
    /// Every answer's latency in microseconds, whatever its status.
    var micros: [UInt32] = []
    var non2xx = 0
    /// No answer within ``CityRun/timeout`` of the scheduled time (sent late, answered late, or never).
    var timeouts = 0
    var connectionErrors = 0
    /// The first non-2xx answer and connection failure, to say what went wrong.
    var firstError: String?

    var errors: Int { non2xx + timeouts + connectionErrors }

    mutating func record(_ outcome: PoolOutcome, micros latency: UInt32, timeoutMicros: UInt32) {
        switch outcome {
        case .answered(let status, let body):
            micros.append(latency)
            if latency > timeoutMicros {
                timeouts += 1
            } else if (200..<300).contains(status) {
                succeeded += 1
            } else {
                non2xx += 1
                if firstError == nil { firstError = "HTTP \(status): \(body ?? "")" }
            }
        case .connectionFailed(let reason):
            connectionErrors += 1
            if firstError == nil { firstError = reason }
        }
    }

    /// The latency at quantile `q` (0...1) in milliseconds; 0 without answers.
    func milliseconds(at q: Double, sorted: [UInt32]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]) / 1000
    }

    /// One line: the rate offered and achieved over `seconds`, p50, p99 and max.
    func summary(_ label: String, seconds: Double) -> String {
        let sorted = micros.sorted()
        func rate(_ count: Int) -> String { String(Int((Double(count) / seconds).rounded())) }
        let p50 = milliseconds(at: 0.5, sorted: sorted)
        let p99 = milliseconds(at: 0.99, sorted: sorted)
        let max = Double(sorted.last ?? 0) / 1000
        return "\(label): offered \(rate(offered)) req/s, achieved \(rate(succeeded)) req/s "
            + "(answered \(rate(micros.count)) req/s), "
            + "p50 \(Self.format(p50)) ms, p99 \(Self.format(p99)) ms, max \(Self.format(max)) ms, errors \(errors)"
            + (errors > 0 ? " (non-2xx \(non2xx), timeouts \(timeouts), connection \(connectionErrors))" : "")
    }

    /// Whether this kind held its load: at least 99 % of it answered with 2xx, p99 within `p99Milliseconds`, and
    /// not one error.
    func holds(p99Milliseconds: Double) -> Bool {
        errors == 0 && Double(succeeded) >= 0.99 * Double(offered)
            && milliseconds(at: 0.99, sorted: micros.sorted()) <= p99Milliseconds
    }

    /// Two decimals, without Foundation's formatter.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
