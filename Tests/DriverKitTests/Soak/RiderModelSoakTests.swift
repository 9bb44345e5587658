import FleetClient
import FleetModel
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing
import TripFollowing

/// A rider's `TripModel` follows a trip over HTTP through a fault proxy in front of the real local server, for at
/// least a thousand injected faults, while the driver moves the vehicle and steps the trip directly on the server.
///
/// Here rather than in FleetClientTests because this target already runs the server in-process with the reporter.
@Suite struct RiderModelSoakTests {
    static let pollInterval = Duration.milliseconds(5)
    static let requestTimeout = Soak.requestTimeout

    /// What the rider's subscriber heard, with the proxy's request count at each callback (polls do not overlap,
    /// so the last request the proxy saw is the one that decided the poll).
    final class Witness: TripModelSubscriber {
        struct Failure: Sendable {
            var error: TripServiceError
            var record: Int
            var at: ContinuousClock.Instant
            var retryDelay: Duration
        }

        /// A recovery, with the proxy record of the poll that brought it.
        struct Recovery: Sendable {
            var record: Int
            var at: ContinuousClock.Instant
        }

        let proxy: FaultProxy
        let failures = NIOLockedValueBox<[Failure]>([])
        let recoveries = NIOLockedValueBox<[Recovery]>([])
        let statuses = NIOLockedValueBox<[TripStatus]>([])

        init(proxy: FaultProxy) { self.proxy = proxy }

        func tripModel(_ model: TripModel, didFailUpdateTripWithError error: TripServiceError) async {
            let record = proxy.requestCount - 1, at = ContinuousClock.now
            let delay = await model.retryDelay
            failures.withLockedValue { $0.append(Failure(error: error, record: record, at: at, retryDelay: delay)) }
        }

        func tripModel(_ model: TripModel, didRecoverAfter failures: Int, lastError: TripServiceError) async {
            let recovery = Recovery(record: proxy.requestCount - 1, at: .now)
            recoveries.withLockedValue { $0.append(recovery) }
        }

        func tripModel(_ model: TripModel, didUpdate tripStatus: TripStatus) async {
            statuses.withLockedValue { $0.append(tripStatus) }
        }
    }

    @Test(.timeLimit(.minutes(Soak.timeLimitMinutes)))
    func aRiderFollowsATripThroughAThousandFaults() async throws {
        try await withTestServer { server, http in
            let tripName = try TripName(parsing: "providers/p/trips/soak")
            let driver = try await SoakDriver.start(
                client: try await server.client(http: http),
                vehicle: try VehicleName(parsing: "providers/p/vehicles/soak"),
                trip: tripName)

            let proxy = try await FaultProxy.start(target: server.baseURL, stallLimit: .seconds(1))
            let token = try await server.minter.mint(.server)
            let riderClient = try FleetEngineClient(
                baseURL: proxy.url, tokenProvider: FixedTokenProvider(token: token), httpClient: http,
                options: FleetClientOptions(requestTimeout: Self.requestTimeout))
            let options = TripModelOptions(
                pollInterval: Self.pollInterval, initialBackoff: .milliseconds(1),
                clientErrorRetryInterval: Self.pollInterval,
                jitterSeed: 7)
            let model = TripModel(
                tripName: tripName, backend: FleetEngineBackend(client: riderClient), options: options)
            let witness = Witness(proxy: proxy)
            await model.register(witness)

            // One healthy poll first, so the proxy's client has its connection to the server before the plan
            // starts.
            await model.refresh()
            let started = ContinuousClock.now
            proxy.mode = .plan(Soak.plan(seed: 0x50AC))
            await model.start()
            // The driver drives and steps the trip to ENROUTE_TO_DROPOFF over the soak.
            var stepped = 0
            while proxy.injectedCount < Soak.faultTarget {
                try await driver.drive(1)
                if stepped < 2 && proxy.injectedCount > (stepped + 1) * Soak.faultTarget / 3 {
                    try await driver.advance()
                    stepped += 1
                }
                try await Task.sleep(for: .milliseconds(15))
            }
            proxy.heal()
            let healed = ContinuousClock.now
            let elapsed = healed - started
            #expect(proxy.injectedCount >= Soak.faultTarget)

            // Healed: the next poll sees the trip exactly as the server has it (countdowns aside, which age).
            await model.refresh()
            let direct = try await server.client(http: http)
            let view = GetTripRequest(view: .journeySharingV1S)
            let followed = await Self.withoutCountdowns(model.trip),
                actual = try await Self.withoutCountdowns(direct.getTrip(tripName, options: view))
            #expect(followed == actual, "\(Self.difference(followed, actual))")
            // Then the trip ends, and the model with it; its last trip is the server's.
            try await driver.advance()
            let finished = ContinuousClock.now
            while !(await model.isFinished), ContinuousClock.now - finished < .seconds(10) {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(await model.isFinished)
            #expect(try await model.trip == direct.getTrip(tripName, options: view))
            #expect(
                witness.statuses.withLockedValue { $0 } == [
                    .enrouteToPickup, .arrivedAtPickup, .enrouteToDropoff, .complete,
                ])
            await model.stop()
            await driver.stop()
            await proxy.stop()

            let records = proxy.records, failures = witness.failures.withLockedValue { $0 }
            Self.expectEveryFailureClassifiedAsInjected(records: records, failures: failures)
            let recoveries = witness.recoveries.withLockedValue { $0 }
            Self.expectRecoveryAtFirstHealthyPoll(
                records: records.filter { $0.at < healed }, failures: failures, recoveries: recoveries)
            print(
                "rider model soak: \(records.count) requests, \(records.count { $0.fault != nil }) faults injected, "
                    + "\(failures.count) failures delivered, \(recoveries.count) recoveries, "
                    + "\(proxy.phaseChanges.count { !$0.broken }) healings in \(elapsed)")
        }
    }

    /// Each failure the subscriber heard is the one its deciding request was given, classified as the fault's
    /// expectation says; each deciding request that got a fault produced exactly one failure; each forwarded
    /// request was answered 200.
    static func expectEveryFailureClassifiedAsInjected(records: [FaultRecord], failures: [Witness.Failure]) {
        let deciding = FaultRecord.decidingAttempts(records)
        let faulted = deciding.filter { $0.fault != nil }.map(\.index)
        let slow = failures.filter { records[$0.record].fault == nil }
        #expect(
            failures.map(\.record).filter { records[$0].fault != nil } == faulted,
            "one failure for each poll that got a fault")
        #expect(
            slow.allSatisfy { Soak.isSlowMachineTimeout($0.error) },
            "a forwarded poll failed: \(slow.prefix(3).map(\.error))")
        var mismatches: [String] = []
        var slowFaulted = 0
        for failure in failures {
            guard let expected = records[failure.record].expected, let fault = records[failure.record].fault else {
                continue
            }
            if let problem = expected.mismatch(failure.error) {
                if Soak.isSlowMachineTimeout(failure.error, given: fault) {
                    slowFaulted += 1
                } else {
                    mismatches.append("\(fault): \(problem) — \(failure.error)")
                }
            }
        }
        #expect(
            slow.count + slowFaulted <= records.count / 50,
            "\(slow.count + slowFaulted) polls timed out before their answer")
        #expect(mismatches.isEmpty, "\(mismatches.count) misclassified, e.g. \(mismatches.prefix(5))")
        #expect(records.filter { $0.fault == nil }.allSatisfy { $0.answeredStatus == 200 })
        // Structurally: after any failure the model looks again within one poll interval (or the Retry-After).
        let late = failures.filter { $0.retryDelay > max(Self.pollInterval, $0.error.retryAfter ?? .zero) }
        #expect(
            late.isEmpty,
            "retries later than one interval: \(late.prefix(3).map { "\($0.error.code) \($0.retryDelay)" })")
    }

    /// The model recovers on the first poll that succeeds after a failure: for each call that was answered 200
    /// and delivered no failure, right after one that failed, exactly one recovery is heard, from that call; and
    /// none from any other (calls as ``FaultRecord/decidingAttempts(_:)`` counts them). With each retry scheduled
    /// within one poll interval (checked above) this is "recovered within one interval of the healing" counted in
    /// polls, not in the machine's seconds: on a loaded two-core machine the wall-clock version failed about 1 run
    /// in 6 (a healing recovered 0.565 s after it against a 0.5 s slack, 2026-11-26) though the model did just this.
    static func expectRecoveryAtFirstHealthyPoll(
        records: [FaultRecord], failures: [Witness.Failure], recoveries: [Witness.Recovery]
    ) {
        let failed = Set(failures.map(\.record))
        let last = records.last?.index ?? -1
        var expected: [Int] = [], failing = false
        for call in FaultRecord.decidingAttempts(records) {
            if failed.contains(call.index) {
                failing = true
            } else if call.fault == nil, call.answeredStatus == 200 {
                if failing { expected.append(call.index) }
                failing = false
            }
        }
        let heard = recoveries.map(\.record).filter { $0 <= last }
        // Not vacuous: the plan heals a few dozen times over a thousand faults.
        #expect(expected.count >= 10, "recoveries to judge: \(expected.count)")
        let heardFirst = heard.prefix(8), expectedFirst = expected.prefix(8)
        #expect(
            heard == expected,
            "recoveries heard at polls \(heardFirst), expected at each failure's first good poll: \(expectedFirst)")
    }

    /// The top-level JSON fields that differ, for a readable failure.
    static func difference(_ a: Trip?, _ b: Trip?) -> String {
        func fields(_ trip: Trip?) -> [String: String] {
            guard let trip, let data = try? ProtoJSON.encode(trip),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return [:] }
            return object.mapValues { "\($0)" }
        }
        let x = fields(a), y = fields(b)
        return Set(x.keys).union(y.keys).sorted().filter { x[$0] != y[$0] }
            .map { "\($0): \(x[$0]?.prefix(200) ?? "-") ≠ \(y[$0]?.prefix(200) ?? "-")" }.joined(separator: "\n")
    }

    /// The trip without the countdowns the server derives from the time of the answer.
    static func withoutCountdowns(_ trip: Trip?) -> Trip? {
        guard var trip else { return nil }
        trip.remainingTimeToFirstWaypoint = nil
        for i in trip.remainingWaypoints.indices { trip.remainingWaypoints[i].duration = nil }
        return trip
    }
}
