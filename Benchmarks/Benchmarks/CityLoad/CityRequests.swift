import FleetModel
import NIOCore
import NIOHTTP1

/// The city's requests as Fleet Engine's REST surface takes them: vehicle `i` (`city-v<i>`) drives to the pickup
/// of trip `i` (`city-t<i>`), which rider `i` polls.
struct CityRequests: Sendable {
    /// What the Driver SDK's reporter (DriverKit's `VehicleReporter`) names in every location report on its way.
    static let reportMask =
        "lastLocation,navigationStatus,currentRouteSegment,currentRouteSegmentEndPoint,remainingDistanceMeters,"
        + "remainingTimeSeconds"

    let provider: String

    func vehicleID(_ i: Int) -> String { "city-v\(i)" }
    func tripID(_ i: Int) -> String { "city-t\(i)" }

    /// UpdateVehicle's path for vehicle `i`'s location reports.
    func reportURI(_ i: Int) -> String {
        "/v1/providers/\(provider)/vehicles/\(vehicleID(i))?updateMask=\(Self.reportMask)"
    }

    /// GetTrip's path as the Consumer SDK polls it.
    func pollURI(_ i: Int) -> String { "/v1/providers/\(provider)/trips/\(tripID(i))?view=JOURNEY_SHARING_V1S" }

    /// Vehicle `i`'s report `seconds` into its drive, as the Driver SDK sends it.
    func report(_ i: Int, route: CityRoute, seconds: Double) -> String {
        let (here, heading, remaining, meters) = route.position(after: seconds)
        let segment = S2Polyline.encode(remaining)
        let timeLeft = Int((meters / CityRoute.speedMetersPerSecond).rounded())
        return """
            {"lastLocation":{"location":\(Self.latLng(here)),"heading":\(Int(heading.rounded()) % 360),\
            "speed":\(CityRoute.speedMetersPerSecond),"horizontalAccuracy":4},\
            "navigationStatus":"ENROUTE_TO_DESTINATION","currentRouteSegment":"\(segment)",\
            "currentRouteSegmentEndPoint":{"location":{"point":\(Self.latLng(route.pickup))},\
            "tripId":"\(tripID(i))","waypointType":"PICKUP_WAYPOINT_TYPE"},\
            "remainingDistanceMeters":\(Int(meters.rounded())),"remainingTimeSeconds":\(timeLeft)}
            """
    }

    /// The three requests that set vehicle `i` and its trip up before the city runs: CreateVehicle (at the start of
    /// its route), CreateTrip assigned to it, and UpdateTrip to ENROUTE_TO_PICKUP.
    func seed(_ i: Int, route: CityRoute) -> [(HTTPMethod, String, String)] {
        let vehicles = "/v1/providers/\(provider)/vehicles"
        let trips = "/v1/providers/\(provider)/trips"
        return [
            (
                .POST, "\(vehicles)?vehicleId=\(vehicleID(i))",
                """
                {"vehicleState":"ONLINE","supportedTripTypes":["EXCLUSIVE"],"maximumCapacity":4,\
                "vehicleType":{"category":"AUTO"},"lastLocation":{"location":\(Self.latLng(route.points[0]))}}
                """
            ),
            (
                .POST, "\(trips)?tripId=\(tripID(i))",
                """
                {"tripType":"EXCLUSIVE","vehicleId":"\(vehicleID(i))",\
                "pickupPoint":{"point":\(Self.latLng(route.pickup))},\
                "dropoffPoint":{"point":\(Self.latLng(route.dropoff))}}
                """
            ),
            (.PUT, "\(trips)/\(tripID(i))?updateMask=tripStatus", #"{"tripStatus":"ENROUTE_TO_PICKUP"}"#),
        ]
    }

    static func latLng(_ point: LatLng) -> String {
        #"{"latitude":\#(point.latitude),"longitude":\#(point.longitude)}"#
    }
}
