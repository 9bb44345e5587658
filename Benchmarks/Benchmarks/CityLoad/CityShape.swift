import FleetServer
import NIOHTTP1

/// What a run loads the server with: the rider city (each vehicle on a trip its rider polls with GetTrip) or, with
/// `--depot`, the depot city (vans with their tasks, each task's shipment polled with GetTaskTrackingInfo). Both
/// send every write and read once per ``CityRun/period``.
struct CityShape: Sendable {
    var writers: Int
    var readers: Int
    var writeLabel: String
    var readLabel: String
    /// One line saying what runs.
    var summary: String
    var writeMethod: HTTPMethod
    var writeURI: @Sendable (Int) -> String
    var readURI: @Sendable (Int) -> String
    /// Writer `i`'s report `seconds` into the run.
    var report: @Sendable (Int, Double) -> String
    /// Writer `i`'s set-up requests.
    var seed: @Sendable (Int) -> [(HTTPMethod, String, String)]
    /// Claims of token `n`: writers first, then readers.
    var claims: @Sendable (Int) -> AuthorizationClaims

    static func riders(city: Int, provider: String) -> CityShape {
        let requests = CityRequests(provider: provider)
        let routes = (0..<city).map(CityRoute.init(index:))
        return CityShape(
            writers: city, readers: city, writeLabel: "writes (UpdateVehicle)",
            readLabel: "reads (GetTrip JOURNEY_SHARING_V1S)",
            summary: "\(city) vehicles reporting and \(city) riders polling every 5 s", writeMethod: .PUT,
            writeURI: requests.reportURI, readURI: requests.pollURI,
            report: { requests.report($0, route: routes[$0], seconds: $1) },
            seed: { requests.seed($0, route: routes[$0]) },
            claims: { n in
                n < city
                    ? AuthorizationClaims(vehicleid: requests.vehicleID(n))
                    : AuthorizationClaims(tripid: requests.tripID(n - city))
            })
    }

    static func depot(vans: Int, tasksPerVan: Int, provider: String) -> CityShape {
        let requests = DepotRequests(provider: provider, tasksPerVan: tasksPerVan)
        let routes = (0..<vans).map(CityRoute.init(index:))
        let tasks = vans * tasksPerVan
        return CityShape(
            writers: vans, readers: tasks, writeLabel: "writes (UpdateDeliveryVehicle)",
            readLabel: "reads (GetTaskTrackingInfo)",
            summary: "\(vans) vans reporting and \(tasks) shipments polled every 5 s", writeMethod: .PATCH,
            writeURI: requests.reportURI, readURI: requests.pollURI,
            report: { requests.report($0, route: routes[$0], seconds: $1) },
            seed: { requests.seed($0, route: routes[$0]) },
            claims: { n in
                n < vans
                    ? AuthorizationClaims(deliveryvehicleid: requests.vanID(n))
                    : AuthorizationClaims(trackingid: requests.trackingID(n - vans))
            })
    }
}
