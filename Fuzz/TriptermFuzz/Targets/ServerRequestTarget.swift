import FleetModel
import Foundation
import Hummingbird

@testable import FleetServer

extension FuzzTarget {
    /// What `tripterm serve` does with a request before its store: the route from method and path, the query, the
    /// update mask, the body as the method's message (strictly), and the service rules on it. The input is
    /// `METHOD /path?query`, a newline, and the body.
    static let serverRequest = FuzzTarget(
        name: "server-request", summary: "FleetRoute, QueryParameters, FieldMask, bodies, Trip/VehicleService"
    ) { data in
        let requestLine = data.prefix { $0 != 0x0A }
        var body = Data(data.dropFirst(requestLine.count + 1))
        let line = String(decoding: requestLine, as: UTF8.self)
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let method = HTTPRequest.Method(String(parts[0])) else { return }
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { body = Data("{}".utf8) }
        do {
            try handle(
                method: method, path: String(target[0]), query: target.count > 1 ? String(target[1]) : "", body: body)
        } catch let error as FleetError {
            invariant(!error.message.isEmpty, "a FleetError without a message")
        } catch {
            invariant(false, "request decoding threw something other than FleetError: \(error)")
        }
    }

    /// The ordinary path's steps (RoutingMiddleware, then FleetAPI) in their order, minus authentication and store.
    private static func handle(method: HTTPRequest.Method, path: String, query rawQuery: String, body: Data) throws {
        let route = try FleetRoute.match(method: method, path: path)
        let query = try QueryParameters(query: rawQuery)
        try query.validate(allowed: route.queryParameters)
        _ = query.enumsAsIntegers
        let now = ProtoTimestamp(seconds: 1_700_000_000, nanos: 0)
        switch route {
        case .createTrip(let parent):
            let id = query["tripId"] ?? "t1"
            let name: TripName
            do { name = try TripName(provider: FleetAPI.provider(of: parent), tripID: id) } catch {
                throw FleetError.invalidArgument(error.description)
            }
            _ = try TripService.create(try decode(Trip.self, body, "trip"), name: name, now: now)
        case .getTrip:
            let options = TripReadOptions(
                view: try query.enumValue("view", as: TripView.self) ?? .tripViewUnspecified,
                routeFormatType: try query.enumValue("routeFormatType", as: PolylineFormatType.self)
                    ?? .unknownFormatType,
                currentRouteSegmentVersion: try query.timestamp("currentRouteSegmentVersion"),
                currentRouteSegmentTrafficVersion: try query.timestamp("currentRouteSegmentTrafficVersion"),
                remainingWaypointsVersion: try query.timestamp("remainingWaypointsVersion"),
                remainingWaypointsRouteVersion: try query.timestamp("remainingWaypointsRouteVersion"))
            _ = options.apply(to: storedTrip)
        case .updateTrip:
            let mask = try FieldMask(parsing: query["updateMask"])
            _ = try TripService.update(storedTrip, with: try decode(Trip.self, body, "trip"), mask: mask, now: now)
        case .deleteTrip:
            try TripService.checkDeletable(storedTrip)
        case .searchTrips:
            let search = try decode(SearchTripsRequest.self, body, "")
            _ = try FleetAPI.pageSize(search.pageSize)
            _ = try FleetAPI.pageStart(search.pageToken)
        case .createVehicle(let parent):
            let name = try FleetAPI.vehicleName(FleetAPI.provider(of: parent), query["vehicleId"] ?? "v1")
            _ = try VehicleService.create(try decode(Vehicle.self, body, "vehicle"), name: name, now: now)
        case .getVehicle:
            _ = try query.timestamp("currentRouteSegmentVersion")
            _ = try query.timestamp("waypointsVersion")
        case .updateVehicle:
            let mask = try FieldMask(parsing: query["updateMask"])
            _ = try VehicleService.update(
                storedVehicle, with: try decode(Vehicle.self, body, "vehicle"), mask: mask, now: now)
        case .deleteVehicle:
            break
        case .listVehicles:
            _ = try FleetAPI.pageSize(try query.int32("pageSize") ?? 0)
            _ = try FleetAPI.pageStart(query["pageToken"] ?? "")
            _ = try query.enumValue("vehicleState", as: VehicleState.self)
            _ = try query.enumValues("tripTypes", as: TripType.self)
            _ = try query.enumValues("vehicleTypeCategories", as: VehicleType.Category.self)
            _ = try query.int32("minimumCapacity")
        }
    }

    /// As FleetAPI.body: strict proto3 JSON, a failure INVALID_ARGUMENT naming the field.
    private static func decode<T: Decodable>(_ type: T.Type, _ body: Data, _ field: String) throws(FleetError) -> T {
        do {
            return try ProtoJSON.decode(type, from: body, options: .strict)
        } catch {
            throw FleetError.invalidBody(error, in: field)
        }
    }

    /// The trip and vehicle an Update, Get or Delete finds in the store.
    private static let storedTrip: Trip = {
        var trip = Trip(
            name: "providers/p/trips/t1", tripStatus: .enrouteToPickup, tripType: .exclusive,
            pickupPoint: TerminalLocation(point: LatLng(latitude: 43.73, longitude: 7.42)),
            dropoffPoint: TerminalLocation(point: LatLng(latitude: 43.74, longitude: 7.43)))
        trip.vehicleId = "v1"
        return trip
    }()

    private static let storedVehicle = Vehicle(
        name: "providers/p/vehicles/v1", vehicleState: .online, supportedTripTypes: [.exclusive], maximumCapacity: 4,
        vehicleType: VehicleType(category: .auto))
}
