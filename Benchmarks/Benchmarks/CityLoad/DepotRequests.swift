import FleetModel
import Foundation
import NIOHTTP1

/// A depot city's requests on the Deliveries API (issue 36's depot city): van `i` (`depot-v<i>`) has
/// `tasksPerVan` DELIVERY tasks in stops of ``tasksPerStop``, the first stop at the end of its ``CityRoute`` and the
/// others on beyond it; each task's consumer polls its shipment (`parcel-<j>`) with GetTaskTrackingInfo, and the van
/// reports as the delivery Driver SDK does, heading to its first stop.
struct DepotRequests: Sendable {
    static let tasksPerStop = 5
    /// What DriverKit's reporter names for a delivery vehicle.
    static let reportMask =
        "lastLocation,navigationStatus,currentRouteSegment,currentRouteSegmentEndPoint,remainingDistanceMeters,"
        + "remainingDuration"

    let provider: String
    let tasksPerVan: Int

    func vanID(_ i: Int) -> String { "depot-v\(i)" }
    func taskID(_ j: Int) -> String { "depot-t\(j)" }
    func trackingID(_ j: Int) -> String { "parcel-\(j)" }

    func reportURI(_ i: Int) -> String {
        "/v1/providers/\(provider)/deliveryVehicles/\(vanID(i))?updateMask=\(Self.reportMask)"
    }

    func pollURI(_ j: Int) -> String { "/v1/providers/\(provider)/taskTrackingInfo/\(trackingID(j))" }

    /// Stop `k` of van `i`: the route's end, then every 250 m to the north-east.
    func stop(_ k: Int, route: CityRoute) -> LatLng {
        Geo.destination(from: route.pickup, bearing: 45, distance: 250 * Double(k))
    }

    /// Van `i`'s report `seconds` into its drive to its first stop.
    func report(_ i: Int, route: CityRoute, seconds: Double) -> String {
        let (here, heading, remaining, meters) = route.position(after: seconds)
        // A bytes field: the base64url of S2Polyline.encode is what proto3 JSON reads for it.
        let segment = S2Polyline.encode(remaining)
        let timeLeft = Int((meters / CityRoute.speedMetersPerSecond).rounded())
        return """
            {"lastLocation":{"location":\(CityRequests.latLng(here)),"heading":\(Int(heading.rounded()) % 360),\
            "speed":\(CityRoute.speedMetersPerSecond),"latlngAccuracy":4},\
            "navigationStatus":"ENROUTE_TO_DESTINATION","currentRouteSegment":"\(segment)",\
            "currentRouteSegmentEndPoint":\(CityRequests.latLng(route.pickup)),\
            "remainingDistanceMeters":\(Int(meters.rounded())),"remainingDuration":"\(timeLeft)s"}
            """
    }

    /// The van at the start of its route, its tasks in batches of at most 500, then its stops in one update.
    func seed(_ i: Int, route: CityRoute) -> [(HTTPMethod, String, String)] {
        let base = "/v1/providers/\(provider)"
        let first = i * tasksPerVan
        var requests: [(HTTPMethod, String, String)] = [
            (
                .POST, "\(base)/deliveryVehicles?deliveryVehicleId=\(vanID(i))",
                #"{"type":"AUTO","lastLocation":{"location":\#(CityRequests.latLng(route.points[0]))}}"#
            )
        ]
        for batch in stride(from: 0, to: tasksPerVan, by: 500) {
            let tasks = (batch..<min(batch + 500, tasksPerVan)).map { n in
                let j = first + n
                let place = CityRequests.latLng(stop(n / Self.tasksPerStop, route: route))
                return """
                    {"taskId":"\(taskID(j))","task":{"type":"DELIVERY","state":"OPEN",\
                    "trackingId":"\(trackingID(j))","plannedLocation":{"point":\(place)},"taskDuration":"120s"}}
                    """
            }
            requests.append((.POST, "\(base)/tasks:batchCreate", #"{"requests":[\#(tasks.joined(separator: ","))]}"#))
        }
        let stops = stride(from: 0, to: tasksPerVan, by: Self.tasksPerStop).map { n in
            let ids = (n..<min(n + Self.tasksPerStop, tasksPerVan)).map { #"{"taskId":"\#(taskID(first + $0))"}"# }
            let place = CityRequests.latLng(stop(n / Self.tasksPerStop, route: route))
            return
                #"{"stop":{"plannedLocation":{"point":\#(place)},"tasks":[\#(ids.joined(separator: ","))],"state":"NEW"}}"#
        }
        requests.append(
            (
                .PATCH, "\(base)/deliveryVehicles/\(vanID(i))?updateMask=remainingVehicleJourneySegments",
                #"{"remainingVehicleJourneySegments":[\#(stops.joined(separator: ","))]}"#
            ))
        return requests
    }
}
