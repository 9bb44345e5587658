import FleetModel
import Testing

@testable import FleetServer

@Suite struct RequestParsingTests {
    @Test func queryIsReadAsGooglesTranscodingReadsIt() throws {
        let query = try QueryParameters(
            query:
                "header.languageCode=en-US&header.region_code=US&update_mask=vehicleId%2CtripStatus&%24alt=json%3Benum-encoding%3Dint&tripTypes=1&tripTypes=EXCLUSIVE"
        )
        #expect(query["updateMask"] == "vehicleId,tripStatus")
        #expect(query["header.regionCode"] == "US")
        #expect(query.enumsAsIntegers)
        #expect(try query.enumValues("tripTypes", as: TripType.self) == [.shared, .exclusive])
        try query.validate(allowed: ["updateMask", "tripTypes"])
        #expect(throws: FleetError.self) { try query.validate(allowed: ["updateMask"]) }
        #expect(throws: FleetError.self) { try QueryParameters(query: "header.colour=red").validate(allowed: []) }
        #expect(try !QueryParameters(query: "$alt=json").enumsAsIntegers)
        #expect(throws: FleetError.self) { try QueryParameters(query: "view=9").enumValue("view", as: TripView.self) }
        #expect(try QueryParameters(query: "view=2").enumValue("view", as: TripView.self) == .journeySharingV1S)
        #expect(throws: FleetError.self) { try QueryParameters(query: "a=%zz") }
    }

    @Test func routesMatchMethodAndPath() throws {
        let trip = try TripName(parsing: "providers/p/trips/t 1")
        #expect(try FleetRoute.match(method: .get, path: "/v1/providers/p/trips/t%201") == .getTrip(trip))
        #expect(try FleetRoute.match(method: .put, path: "/v1/providers/p/trips/t%201") == .updateTrip(trip))
        #expect(
            try FleetRoute.match(method: .post, path: "/v1/providers/p/trips:search")
                == .searchTrips(parent: "providers/p"))
        #expect(
            try FleetRoute.match(method: .get, path: "/v1/providers/p/vehicles") == .listVehicles(parent: "providers/p")
        )
        #expect(
            try FleetRoute.match(method: .post, path: "/v1/providers/p/vehicles")
                == .createVehicle(parent: "providers/p"))
        let notAllowed = FleetError(
            .unimplemented, "Method DELETE is not allowed on /v1/providers/p/trips; allowed: POST.", httpStatus: 405,
            allowedMethods: [.post])
        #expect(throws: notAllowed) {
            try FleetRoute.match(method: .delete, path: "/v1/providers/p/trips")
        }
        #expect(throws: FleetError.self) { try FleetRoute.match(method: .get, path: "/v1/providers/p/vehicles:search") }
        #expect(throws: FleetError.self) { try FleetRoute.match(method: .get, path: "/v1/providers/a%3Ab/trips/t") }
    }

    /// The Deliveries API's paths (deliveries reference §3): PATCH updates, `tasks:batchCreate`, tracking ids.
    @Test func deliveryRoutesMatchGooglesPaths() throws {
        let parent = "providers/p"
        let van = try DeliveryVehicleName(parsing: "providers/p/deliveryVehicles/van-1")
        let task = try TaskName(parsing: "providers/p/tasks/t1")
        #expect(
            try FleetRoute.match(method: .post, path: "/v1/providers/p/deliveryVehicles")
                == .createDeliveryVehicle(parent: parent))
        #expect(
            try FleetRoute.match(method: .get, path: "/v1/providers/p/deliveryVehicles")
                == .listDeliveryVehicles(parent: parent))
        #expect(
            try FleetRoute.match(method: .patch, path: "/v1/providers/p/deliveryVehicles/van-1")
                == .updateDeliveryVehicle(van))
        #expect(
            try FleetRoute.match(method: .delete, path: "/v1/providers/p/deliveryVehicles/van-1")
                == .deleteDeliveryVehicle(van))
        #expect(
            try FleetRoute.match(method: .post, path: "/v1/providers/p/tasks:batchCreate")
                == .batchCreateTasks(parent: parent))
        #expect(try FleetRoute.match(method: .get, path: "/v1/providers/p/tasks/t1") == .getTask(task))
        #expect(try FleetRoute.match(method: .patch, path: "/v1/providers/p/tasks/t1") == .updateTask(task))
        #expect(
            try FleetRoute.match(method: .get, path: "/v1/providers/p/taskTrackingInfo/parcel%201")
                == .getTaskTrackingInfo(try TaskTrackingInfoName(provider: "p", trackingID: "parcel 1")))
        // Trips are PUT, tasks PATCH: each path says which it takes.
        #expect(throws: FleetError.self) { try FleetRoute.match(method: .put, path: "/v1/providers/p/tasks/t1") }
        let badID = #expect(throws: FleetError.self) {
            try FleetRoute.match(method: .get, path: "/v1/providers/p/taskTrackingInfo/a%3Ab")
        }
        #expect(badID?.message.contains("tracking id") == true)
        let wrongKind = #expect(throws: NameError.self) { try TaskName(parsing: "providers/p/deliveryVehicles/v") }
        #expect(wrongKind?.description.contains("this is a delivery vehicle name") == true)
    }
}
