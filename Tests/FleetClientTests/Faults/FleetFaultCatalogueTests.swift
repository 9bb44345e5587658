import FleetClient
import FleetModel
import Foundation
import TestSupport
import Testing
import TripFollowing

/// The rider's fault catalogue, driven through the fleet poller: `FleetTracker` over `FleetEngineFleetBackend` and
/// the real HTTP stack, a two-page fleet behind the proxy, each fault injected on the second page — a listing that
/// breaks off mid-way. Each must be classified as the table says, the last complete fleet kept, and the next
/// listing start again from the first page. Then what only a fleet meets: a page token Fleet Engine refuses, a
/// vehicle without a location, and 10,000 vehicles in one answer.
@Suite struct FleetFaultCatalogueTests {
    typealias F = ClientFixtures

    static func vehicle(_ id: String, located: Bool = true) -> Vehicle {
        var vehicle = Vehicle(name: "providers/my-project/vehicles/\(id)", vehicleState: .online)
        if located {
            vehicle.lastLocation = VehicleLocation(
                location: LatLng(latitude: 37.77, longitude: -122.42), updateTime: ProtoTimestamp(Date()))
        }
        return vehicle
    }

    /// Page 1 (v1) points to page 2 (v2, and v3 with no location) through the token `p2`.
    static func page(_ request: FakeFleetEngine.Received) -> HTTPReply {
        let response =
            request.query.contains("pageToken=p2")
            ? ListVehiclesResponse(vehicles: [vehicle("v2"), vehicle("v3", located: false)])
            : ListVehiclesResponse(vehicles: [vehicle("v1")], nextPageToken: "p2")
        return .json(F.json(response))
    }

    static func tracker(_ client: FleetEngineClient) -> FleetTracker {
        FleetTracker(
            backend: FleetEngineFleetBackend(
                client: client, provider: "my-project", query: ListVehiclesRequest(vehicleTypeCategories: [.auto])),
            options: TripModelOptions(jitterSeed: 1))
    }

    /// The page tokens of the requests the proxy saw, in order (nil: a first page).
    static func tokens(_ proxy: FaultProxy) -> [String?] {
        proxy.records.map { record in
            record.query.split(separator: "&").first { $0.hasPrefix("pageToken=") }.map {
                String($0.dropFirst("pageToken=".count))
            }
        }
    }

    @Test(arguments: Fault.catalogue)
    func eachFaultMidListingIsClassifiedAndTheLastFleetKept(_ fault: Fault) async throws {
        // The client's deadline is wall-clock time: as in the rider's catalogue, client, proxy and fake run on
        // threads of their own (ThreadExecutor says why).
        let executor = ThreadExecutor.timed
        try await withDedicatedExecutor {
            try await check(fault, executor: executor)
        }
    }

    private func check(_ fault: Fault, executor: ThreadExecutor) async throws {
        try await FakeFleetEngine.with(executor: executor, { Self.page($0) }) { upstream in
            let isStall = fault == .stall || fault == .stallMidBody
            let proxy = try await FaultProxy.start(
                target: upstream.baseURL, stallLimit: .seconds(60), executor: executor)
            do {
                try await F.withClient(
                    upstream, baseURL: proxy.url, tokens: FixedTokenProvider(token: "tok"),
                    // A stall must outlast the timeout, and the whole listings around it must fit in it, on a machine
                    // slowed by every suite at once or by ThreadSanitizer (1 s ran out there, on the first listing).
                    options: FleetClientOptions(requestTimeout: isStall ? .seconds(5) : .seconds(30), role: .server)
                ) { client in
                    let tracker = Self.tracker(client)
                    await tracker.refresh()
                    #expect(await tracker.fleet.count == 3)
                    proxy.mode = .injectWhereQueryContains("pageToken=", fault)
                    await tracker.refresh()
                    let failure = try #require(await tracker.lastError, "\(fault) must fail the listing")
                    #expect(
                        fault.expected.mismatch(failure) == nil, "\(fault): \(fault.expected.mismatch(failure) ?? "")")
                    #expect(await tracker.lastFailedPage == 2)
                    #expect(await tracker.fleet.count == 3, "the last complete fleet is kept")
                    proxy.heal()
                    await tracker.refresh()
                    #expect(await tracker.lastError == nil)
                    #expect(await tracker.fleet.count == 3)
                }
                // Each listing starts from the first page, the one after the broken listing too (a 401 is retried
                // once on the same page with a fresh token).
                let tokens = Self.tokens(proxy)
                #expect(tokens.prefix(3) == [nil, "p2", nil], "\(fault): \(tokens)")
                #expect(tokens.suffix(2) == [nil, "p2"], "\(fault): \(tokens)")
            } catch {
                await proxy.stop()
                throw error
            }
            await proxy.stop()
        }
    }

    /// Fleet Engine answers a page token it no longer honours with INVALID_ARGUMENT: the poller keeps the fleet,
    /// says the next listing starts from the first page, does so at the next poll interval, and is whole again.
    @Test func aRefusedPageTokenStartsTheNextListingFromTheFirstPage() async throws {
        try await FakeFleetEngine.with({ Self.page($0) }) { upstream in
            let proxy = try await FaultProxy.start(target: upstream.baseURL)
            try await F.withClient(upstream, baseURL: proxy.url, options: FleetClientOptions(role: .server)) {
                client in
                let tracker = Self.tracker(client)
                await tracker.refresh()
                proxy.mode = .injectWhereQueryContains(
                    "pageToken=", .status(.invalidArgument, message: "The page token is invalid or expired."))
                await tracker.refresh()
                let error = try #require(await tracker.lastError)
                #expect(error.code == .invalidArgument && error.errorClass == .client)
                #expect(await tracker.lastFailedPage == 2)
                #expect(
                    FleetTracker.hint(for: error, page: 2)
                        == "the page token was refused: the next listing starts again from the first page")
                #expect(await tracker.retryDelay == tracker.options.pollInterval, "not the 15 s of a client error")
                #expect(await tracker.fleet.count == 3)
                proxy.heal()
                await tracker.refresh()
                #expect(await tracker.lastError == nil)
                #expect(await tracker.fleet.count == 3)
            }
            #expect(Self.tokens(proxy) == [nil, "p2", nil, "p2", nil, "p2"])
            await proxy.stop()
        }
    }

    /// 10,000 vehicles in one ListVehicles answer (a few MB of JSON, under the client's 16 MiB cap), every hundredth
    /// without a location: all parsed and listed, those without a location listed as stale.
    @Test func tenThousandVehiclesInOneAnswerAreAllListed() async throws {
        var vehicles = (0..<10_000).map { Self.vehicle(String(format: "car-%05d", $0), located: $0 % 100 != 0) }
        vehicles[1].lastLocation?.heading = 90
        let body = F.json(ListVehiclesResponse(vehicles: vehicles))
        try await FakeFleetEngine.with(script: [.json(body)]) { upstream in
            // About parsing, not time: a debug build under TSan, beside every other suite, took longer than the
            // default deadline to read the few MB.
            let patient = FleetClientOptions(requestTimeout: .seconds(300), role: .server)
            try await F.withClient(upstream, options: patient) { client in
                let tracker = Self.tracker(client)
                await tracker.refresh()
                #expect(await tracker.lastError == nil)
                let fleet = await tracker.fleet
                #expect(fleet.count == 10_000)
                #expect(fleet.values.filter(\.isStale).count == 100)
                #expect(fleet["providers/my-project/vehicles/car-00001"]?.vehicle?.lastLocation?.heading == 90)
            }
            #expect(upstream.requests.count == 1)
        }
    }
}
