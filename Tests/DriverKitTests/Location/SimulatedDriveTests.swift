import DriverKit
import FleetModel
import Foundation
import RoadMap
import Testing
import TripFollowing

@Suite struct SimulatedDriveTests {
    static let start = LatLng(latitude: 43.7384, longitude: 7.4246)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func fixesComeEveryIntervalOfDrivingTimeOnTheClock() async throws {
        let end = Geo.destination(from: Self.start, bearing: 90, distance: 100)
        let clock = VirtualClock.manual()
        let drive = SimulatedDrive(
            path: [Self.start, end], speed: .constant(10), fixInterval: .seconds(1),
            clock: clock, startTime: { Self.now })
        #expect(abs(drive.durationSeconds - 10) < 1e-6)
        let collector = Task {
            var fixes: [LocationFix] = []
            for try await fix in drive.fixes() { fixes.append(fix) }
            return fixes
        }
        var waits: [Duration] = []
        for _ in 0..<10 {
            let wait = await clock.nextSleep()
            waits.append(wait)
            clock.advance(by: wait)
        }
        let fixes = try await collector.value
        #expect(waits.allSatisfy { $0 == .seconds(1) })
        #expect(fixes.count == 11)
        for (k, fix) in fixes.enumerated() {
            #expect(abs(fix.time.timeIntervalSince(Self.now) - Double(k)) < 1e-6)
            #expect(abs(Geo.distance(Self.start, fix.coordinate) - Double(k) * 10) < 0.5, "fix \(k)")
            #expect(abs(fix.heading! - 90) < 0.1)
        }
        #expect(fixes.dropLast().allSatisfy { $0.speed == 10 })
        #expect(fixes.last?.speed == 0)
        #expect(fixes.last?.coordinate == end)
    }

    @Test func seededNoiseIsRepeatableAndBounded() async throws {
        let end = Geo.destination(from: Self.start, bearing: 0, distance: 50)
        func run(seed: UInt64) async throws -> [LocationFix] {
            let drive = SimulatedDrive(
                path: [Self.start, end], speed: .constant(5), noise: GPSNoise(sigmaMeters: 3, seed: seed),
                clock: VirtualClock(start: ProtoTimestamp(Self.now), speed: .asFastAsPossible), startTime: { Self.now })
            var fixes: [LocationFix] = []
            for try await fix in drive.fixes() { fixes.append(fix) }
            return fixes
        }
        let a = try await run(seed: 7), b = try await run(seed: 7), c = try await run(seed: 8)
        #expect(a == b)
        #expect(a != c)
        #expect(a.count == 11)
        let exact = SimulatedDrive(path: [Self.start, end], speed: .constant(5))
        let offsets = a.enumerated().map { k, fix in
            Geo.distance(fix.coordinate, exact.position(at: Double(k))!.coordinate)
        }
        #expect(offsets.allSatisfy { $0 < 5 * 3 * 1.5 })
        #expect(offsets.contains { $0 > 0.5 })
        #expect(a.allSatisfy { $0.accuracy == 6 })
    }

    @Test func roadSpeedsTakeAsLongAsTheRoutersEstimate() throws {
        let graph = Fixtures.monaco
        let planned = graph.route(
            from: LatLng(latitude: 43.7315, longitude: 7.4200), to: LatLng(latitude: 43.7395, longitude: 7.4280))
        let route = try #require(planned)
        let drive = SimulatedDrive(path: route.points, speed: .road(graph))
        #expect(route.durationSeconds > 30)
        #expect(abs(drive.durationSeconds - route.durationSeconds) / route.durationSeconds < 0.15)
    }
}
