import FleetClient
import FleetModel
import Foundation
import TestSupport
import Testing

/// The requests go on the wire exactly as Google's generated REST clients send them.
@Suite struct FleetEngineClientRequestTests {
    typealias F = ClientFixtures

    @Test func getTripSendsTheViewAndVersionsAsQueryParameters() async throws {
        let trip = F.trip()
        try await FakeFleetEngine.with(script: [.json(F.json(trip))]) { fake in
            let got = try await F.withClient(fake, tokens: FixedTokenProvider(token: "tok")) { client in
                try await client.getTrip(
                    F.tripName,
                    options: GetTripRequest(
                        view: .journeySharingV1S, currentRouteSegmentVersion: ProtoTimestamp(seconds: 1_735_689_600),
                        routeFormatType: .encodedPolylineType))
            }
            #expect(got == trip)
            let request = try #require(fake.requests.first)
            #expect(request.method == "GET")
            #expect(request.path == "/v1/providers/my-project/trips/trip-1")
            #expect(
                request.query
                    == "currentRouteSegmentVersion=2025-01-01T00%3A00%3A00Z&routeFormatType=2&view=2&%24alt=json%3Benum-encoding%3Dint"
            )
            #expect(request.authorization == "Bearer tok")
            #expect(request.body.isEmpty)
        }
    }

    @Test func enumNamesModeSendsTheViewByName() async throws {
        try await FakeFleetEngine.with(script: [.json(F.json(F.trip()))]) { fake in
            _ = try await F.withClient(fake, options: FleetClientOptions(enumEncoding: .names)) { client in
                try await client.getTrip(F.tripName, options: GetTripRequest(view: .journeySharingV1S))
            }
            #expect(fake.requests.first?.query == "view=JOURNEY_SHARING_V1S")
            #expect(fake.requests.first?.authorization == nil)
        }
    }

    @Test func createAndUpdateTripCarryTheIdsMaskHeaderAndIntegerEnums() async throws {
        var header = RequestHeader(languageCode: "en-US", regionCode: "US")
        header.sdkType = .sdkTypeUnspecified
        try await FakeFleetEngine.with(script: [.json(F.json(F.trip(.new)))]) { fake in
            try await F.withClient(fake, options: FleetClientOptions(requestHeader: header)) { client in
                var trip = Trip(
                    tripType: .exclusive, pickupPoint: TerminalLocation(point: F.pickup),
                    dropoffPoint: TerminalLocation(point: F.dropoff))
                trip.numberOfPassengers = 1
                _ = try await client.createTrip(trip, name: F.tripName)
                var update = Trip()
                update.vehicleId = "vehicle-1"
                update.tripStatus = .enrouteToPickup
                _ = try await client.updateTrip(update, name: F.tripName, updateMask: ["vehicleId", "tripStatus"])
            }
            let (create, update) = (fake.requests[0], fake.requests[1])
            #expect(create.method == "POST")
            #expect(create.path == "/v1/providers/my-project/trips")
            #expect(
                create.query
                    == "header.languageCode=en-US&header.regionCode=US&tripId=trip-1&%24alt=json%3Benum-encoding%3Dint")
            #expect(create.headers["content-type"] == "application/json")
            let body = try JSONDecoder().decode(JSONValue.self, from: Data(create.body.utf8))
            #expect(body["tripType"] == .number(2))
            #expect(body["numberOfPassengers"] == .number(1))
            #expect(body["name"] == nil)
            #expect(update.method == "PUT")
            #expect(update.path == "/v1/providers/my-project/trips/trip-1")
            #expect(
                update.query
                    == "header.languageCode=en-US&header.regionCode=US&updateMask=vehicleId%2CtripStatus&%24alt=json%3Benum-encoding%3Dint"
            )
            let updateBody = try JSONDecoder().decode(JSONValue.self, from: Data(update.body.utf8))
            #expect(updateBody == .object(["vehicleId": .string("vehicle-1"), "tripStatus": .number(2)]))
        }
    }

    @Test func searchTripsPostsTheRequestAsTheBody() async throws {
        let page = SearchTripsResponse(trips: [F.trip()], nextPageToken: "next")
        try await FakeFleetEngine.with(script: [.json(F.json(page))]) { fake in
            let got = try await F.withClient(fake) { client in
                try await client.searchTrips(
                    provider: "my-project", SearchTripsRequest(vehicleId: "vehicle-1", activeTripsOnly: true))
            }
            #expect(got == page)
            let request = try #require(fake.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/providers/my-project/trips:search")
            #expect(request.query == "%24alt=json%3Benum-encoding%3Dint")
            let body = try JSONDecoder().decode(JSONValue.self, from: Data(request.body.utf8))
            #expect(body == .object(["vehicleId": .string("vehicle-1"), "activeTripsOnly": .bool(true)]))
        }
    }

    @Test func vehicleCallsUseTheVehicleCollection() async throws {
        var vehicle = Vehicle(
            vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4,
            vehicleType: Vehicle.VehicleType(category: .auto))
        let list = ListVehiclesResponse(vehicles: [vehicle], nextPageToken: "", totalSize: 12_345_678_901)
        let answer = vehicle
        try await FakeFleetEngine.with({ request in
            request.method == "GET" && request.path.hasSuffix("/vehicles") ? .json(F.json(list)) : .json(F.json(answer))
        }) { fake in
            try await F.withClient(fake) { client in
                _ = try await client.createVehicle(vehicle, name: F.vehicleName)
                _ = try await client.getVehicle(F.vehicleName)
                vehicle.vehicleState = .offline
                _ = try await client.updateVehicle(vehicle, name: F.vehicleName, updateMask: ["vehicleState"])
                let got = try await client.listVehicles(
                    provider: "my-project",
                    ListVehiclesRequest(pageSize: 10, tripTypes: [.exclusive, .shared], vehicleState: .online))
                #expect(got.totalSize == 12_345_678_901)
                #expect(got.vehicles.count == 1)
            }
            let r = fake.requests
            #expect(r.map(\.method) == ["POST", "GET", "PUT", "GET"])
            #expect(r[0].path == "/v1/providers/my-project/vehicles")
            #expect(r[0].query == "vehicleId=vehicle-1&%24alt=json%3Benum-encoding%3Dint")
            #expect(
                r[0].body
                    == #"{"maximumCapacity":4,"supportedTripTypes":[2],"vehicleState":2,"vehicleType":{"category":1}}"#)
            #expect(r[1].path == "/v1/providers/my-project/vehicles/vehicle-1")
            #expect(r[2].query == "updateMask=vehicleState&%24alt=json%3Benum-encoding%3Dint")
            #expect(
                r[3].query == "pageSize=10&tripTypes=2&tripTypes=1&vehicleState=2&%24alt=json%3Benum-encoding%3Dint")
        }
    }

    @Test func aBackendURLThatIsNotHTTPIsRejectedBeforeAnyRequest() async throws {
        try await ClientFixtures.withHTTPClient { http in
            for bad in ["fleetengine.googleapis.com", "ftp://example.com", "http://", "http://host/?q=1"] {
                #expect(throws: TripServiceError.self, "\(bad)") {
                    try FleetEngineClient(baseURL: bad, tokenProvider: nil, httpClient: http)
                }
            }
            let ok = try? FleetEngineClient(
                baseURL: "https://fleetengine.googleapis.com/", tokenProvider: nil, httpClient: http)
            #expect(ok?.baseURL == "https://fleetengine.googleapis.com")
        }
    }
}
