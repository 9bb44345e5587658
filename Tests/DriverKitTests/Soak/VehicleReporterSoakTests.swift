import DriverKit
import FleetClient
import FleetModel
import Foundation
import TestSupport
import Testing
import TripFollowing

/// The driver's `VehicleReporter` reports through a fault proxy in front of the real local server for at least a
/// thousand injected faults, on a manual clock (each interval passes at once; the faults' phases are real time).
@Suite struct VehicleReporterSoakTests {
    static let name = try! VehicleName(parsing: "providers/p/vehicles/reporter-soak")
    static let start = LatLng(latitude: 43.7315, longitude: 7.4200)

    static func fix(_ point: LatLng) -> LocationFix {
        LocationFix(coordinate: point, heading: 90, speed: 8, accuracy: 4, sensor: .gps, time: Date())
    }

    @Test(.timeLimit(.minutes(Soak.timeLimitMinutes)))
    func latestWinsThroughAThousandFaultsAndOfflineIsSentOnStop() async throws {
        try await withTestServer { server, http in
            let direct = try await server.client(http: http)
            try await direct.makeVehicle(Self.name)
            let proxy = try await FaultProxy.start(target: server.baseURL, stallLimit: .seconds(1))
            let token = try await server.minter.mint(.server)
            let client = try FleetEngineClient(
                baseURL: proxy.url, tokenProvider: FixedTokenProvider(token: token), httpClient: http,
                options: FleetClientOptions(requestTimeout: Soak.requestTimeout, role: .driver))
            let clock = VirtualClock.manual()
            let reporter = VehicleReporter(client: client, vehicle: Self.name, clock: clock)
            let listener = RecordingListener()
            await reporter.addListener(listener)

            let started = ContinuousClock.now
            proxy.mode = .plan(Soak.plan(seed: 0xD1FE))
            var point = Self.start
            await reporter.updateVehicleState(.online)
            await reporter.updateLocation(Self.fix(point))
            await reporter.setLocationTrackingEnabled(true)
            var deciding: [Int] = [], mismatches: [String] = [], stale: [String] = [], successes = 0, slow = 0
            while true {
                let event = await listener.next()
                let record = proxy.requestCount - 1  // sends never overlap: the last request decided this one
                deciding.append(record)
                // Latest wins: every update carries the newest fix, and a success leaves it on the server.
                if event.update.vehicle.lastLocation?.location != point {
                    stale.append("update \(event.update.number) sent an older fix")
                }
                switch event {
                case .success:
                    successes += 1
                    if try await direct.getVehicle(Self.name).lastLocation?.location != point {
                        stale.append("update \(event.update.number) succeeded but the server has another fix")
                    }
                case .failure(_, let error):
                    guard let expected = proxy.records[record].expected else {
                        if Soak.isSlowMachineTimeout(error) {
                            slow += 1
                        } else {
                            mismatches.append("forwarded: \(error)")
                        }
                        break
                    }
                    if let problem = expected.mismatch(error) {
                        if let fault = proxy.records[record].fault, Soak.isSlowMachineTimeout(error, given: fault) {
                            slow += 1
                        } else {
                            mismatches.append(
                                "\(proxy.records[record].fault.map { "\($0)" } ?? "forwarded"): \(problem)")
                        }
                    }
                }
                if proxy.injectedCount >= Soak.faultTarget { break }
                point = Geo.destination(from: point, bearing: 90, distance: 2)
                await reporter.updateLocation(Self.fix(point))
                clock.advance(by: await clock.nextSleep())
            }
            proxy.heal()
            let elapsed = ContinuousClock.now - started
            #expect(proxy.injectedCount >= Soak.faultTarget)
            #expect(mismatches.isEmpty, "\(mismatches.count) misclassified, e.g. \(mismatches.prefix(5))")
            #expect(stale.isEmpty, "\(stale.prefix(5))")
            #expect(
                slow <= proxy.requestCount / 50,
                "\(slow) updates timed out before their answer (allowed: a slow machine, at most 2 %)")
            let decidingRecords = FaultRecord.decidingAttempts(proxy.records).map(\.index)
            #expect(deciding == decidingRecords, "one listener call for each update, decided by its last request")

            // Healthy again: the next interval leaves the newest fix and state on the server.
            point = Geo.destination(from: point, bearing: 0, distance: 25)
            await reporter.updateLocation(Self.fix(point))
            clock.advance(by: await clock.nextSleep())
            #expect(await listener.next().error == nil)
            let vehicle = try await direct.getVehicle(Self.name)
            #expect(vehicle.lastLocation?.location == point)
            #expect(vehicle.vehicleState == .online)

            // Stopping sends OFFLINE, through the proxy.
            await reporter.setLocationTrackingEnabled(false)
            let last = await listener.next()
            #expect(last.error == nil && last.update.vehicle.vehicleState == .offline)
            #expect(try await direct.getVehicle(Self.name).vehicleState == .offline)
            #expect(proxy.records.last.map { $0.method == "PUT" && $0.fault == nil } == true)
            let statistics = await reporter.statistics
            #expect(statistics.successes == successes + 2)
            await proxy.stop()
            print(
                "reporter soak: \(proxy.records.count) requests, \(proxy.injectedCount) faults injected, "
                    + "\(statistics.failures + statistics.emptyMaskFailures) failed updates, \(statistics.successes) successful in \(elapsed)"
            )
        }
    }
}
