import FleetClient
import FleetModel
import Foundation
import TestSupport
import Testing

/// Each fault the proxy can inject, through a real loopback proxy and HTTP stack, becomes the classified error
/// its expectation names — the table in `ErrorClass`, one row at a time, before the soaks mix them at random.
@Suite struct FaultCatalogueTests {
    typealias F = ClientFixtures

    @Test(arguments: Fault.catalogue)
    func eachFaultIsClassifiedAsTheTableSays(_ fault: Fault) async throws {
        // The client's deadline is wall-clock time: client, proxy and fake run on threads of their own, not queued
        // behind every other suite's work on the cooperative pool (ThreadExecutor says why).
        let executor = ThreadExecutor.timed
        try await withDedicatedExecutor {
            try await check(fault, executor: executor)
        }
    }

    private func check(_ fault: Fault, executor: ThreadExecutor) async throws {
        try await FakeFleetEngine.with(script: [.json(F.json(F.trip()))], executor: executor) { upstream in
            // A stall must outlast the client's timeout; every other fault must be answered well within it, even on
            // a machine loaded by every suite at once (2 s was seen to run out there).
            let isStall = fault == .stall || fault == .stallMidBody
            let proxy = try await FaultProxy.start(
                target: upstream.baseURL, mode: .inject(fault), stallLimit: .seconds(60), executor: executor)
            do {
                let error = try await F.withClient(
                    upstream, baseURL: proxy.url, tokens: FixedTokenProvider(token: "tok"),
                    options: FleetClientOptions(requestTimeout: isStall ? .seconds(1) : .seconds(30))
                ) { client in
                    do {
                        _ = try await client.getTrip(F.tripName)
                        return nil as TripServiceError?
                    } catch let error as TripServiceError {
                        return error
                    } catch {
                        return nil
                    }
                }
                let failure = try #require(error, "\(fault) must fail the call")
                #expect(
                    fault.expected.mismatch(failure) == nil,
                    "\(fault): \(fault.expected.mismatch(failure) ?? "") after \(proxy.requestCount) requests")
                // A 401 is retried once with a fresh token; everything else is one request.
                #expect(proxy.requestCount == (proxy.records.first?.answeredStatus == 401 ? 2 : 1))
            } catch {
                await proxy.stop()
                throw error
            }
            await proxy.stop()
        }
    }

    @Test func aPlanIsReproducibleFromItsSeedAndFlipsBetweenPhases() async throws {
        try await FakeFleetEngine.with(script: [.json(F.json(F.trip()))]) { upstream in
            func run(seed: UInt64) async throws -> [Fault?] {
                // Phases of an hour, so that the broken one never ends by the clock while 20 calls go through: with
                // a minute, a full ASan run once took over 60 s for them, and the plan healed itself mid-test.
                let plan = FaultPlan(
                    seed: seed, faults: [.status(.unavailable), .status(.notFound), .nonJSON, .bareStatus(502)],
                    brokenPhase: .seconds(3600)...(.seconds(3600)), healthyPhase: .seconds(3600)...(.seconds(3600)))
                let proxy = try await FaultProxy.start(target: upstream.baseURL, mode: .plan(plan))
                let faults = try await F.withClient(upstream, baseURL: proxy.url) { client in
                    for _ in 0..<20 { _ = try? await client.getTrip(F.tripName) }
                    #expect(proxy.isBroken)
                    proxy.heal()
                    let healed = try await client.getTrip(F.tripName)
                    #expect(healed.tripStatus == .enrouteToPickup)
                    return proxy.records.map(\.fault)
                }
                #expect(proxy.phaseChanges.map(\.broken) == [true, false])
                await proxy.stop()
                return faults
            }
            let a = try await run(seed: 1)
            #expect(try await run(seed: 1) == a)
            #expect(try await run(seed: 2) != a)
            #expect(a.prefix(20).allSatisfy { $0 != nil } && a.last! == nil)
            #expect(Set(a.compactMap { $0 }).count > 1)
        }
    }

    @Test func theProxyIsBoundedInRequests() async throws {
        try await FakeFleetEngine.with(script: [.json(F.json(F.trip()))]) { upstream in
            let proxy = try await FaultProxy.start(target: upstream.baseURL, maxRequests: 2)
            try await F.withClient(upstream, baseURL: proxy.url) { client in
                _ = try await client.getTrip(F.tripName)
                _ = try await client.getTrip(F.tripName)
                await #expect(throws: TripServiceError.self) { try await client.getTrip(F.tripName) }
            }
            #expect(proxy.requestCount == 2 && proxy.overLimit == 1)
            await proxy.stop()
        }
    }
}
