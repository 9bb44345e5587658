import FleetModel
import Foundation
import Hummingbird

@testable import FleetServer

extension FuzzTarget {
    /// What `tripterm serve` does with a request before its store: the route from method and path, the query, the
    /// update mask, the body as the method's message (strictly), and the service rules on it. The input is
    /// `METHOD /path?query`, a newline, and the body.
    static let serverRequest = FuzzTarget(
        name: "server-request", summary: "FleetRoute, QueryParameters, request messages, FieldMask, Trip/VehicleService"
    ) { data in
        let requestLine = data.prefix { $0 != 0x0A }
        let body = Data(data.dropFirst(requestLine.count + 1))
        let line = String(decoding: requestLine, as: UTF8.self)
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let method = HTTPRequest.Method(String(parts[0])) else { return }
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        do {
            try handle(
                method: method, path: String(target[0]), query: target.count > 1 ? String(target[1]) : "", body: body)
        } catch let error as FleetError {
            invariant(!error.message.isEmpty, "a FleetError without a message")
        } catch {
            invariant(false, "request decoding threw something other than FleetError: \(error)")
        }
    }

    /// The ordinary path's steps (RoutingMiddleware, FleetAPI's reading of the request, then FleetMethods' checks and
    /// rules) in their order, minus authentication and store.
    private static func handle(method: HTTPRequest.Method, path: String, query rawQuery: String, body: Data) throws {
        let route = try FleetRoute.match(method: method, path: path)
        let query = try QueryParameters(query: rawQuery)
        try query.validate(allowed: route.queryParameters)
        _ = query.enumsAsIntegers
        let now = ProtoTimestamp(seconds: 1_700_000_000, nanos: 0)
        switch route {
        case .createTrip(let parent):
            let create = try FleetAPI.createTripRequest(parent: parent, query: query, body: body)
            let provider = try FleetMethods.provider(ofParent: create.parent)
            let name: TripName
            do { name = try TripName(provider: provider, tripID: create.tripId.isEmpty ? "t1" : create.tripId) } catch {
                throw FleetError.invalidArgument(error.description)
            }
            _ = try TripService.create(create.trip ?? Trip(), name: name, now: now)
        case .getTrip(let name):
            _ = TripReadOptions(try FleetAPI.getTripRequest(name, query: query)).apply(to: storedTrip)
        case .updateTrip(let name):
            let update = try FleetAPI.updateTripRequest(name, query: query, body: body)
            _ = try TripService.update(
                storedTrip, with: update.trip ?? Trip(), mask: FleetMethods.fieldMask(update.updateMask), now: now)
        case .deleteTrip:
            try TripService.checkDeletable(storedTrip)
        case .searchTrips(let parent):
            let search = try FleetAPI.searchTripsRequest(parent: parent, body: body)
            _ = try FleetMethods.pageSize(search.pageSize)
            _ = try FleetMethods.pageStart(search.pageToken)
        case .createVehicle(let parent):
            let create = try FleetAPI.createVehicleRequest(parent: parent, query: query, body: body)
            let name = try FleetMethods.vehicleName(
                provider: FleetMethods.provider(ofParent: create.parent),
                id: create.vehicleId.isEmpty ? "v1" : create.vehicleId)
            _ = try VehicleService.create(create.vehicle ?? Vehicle(), name: name, now: now)
        case .getVehicle(let name):
            _ = try FleetAPI.getVehicleRequest(name, query: query)
        case .updateVehicle(let name):
            let update = try FleetAPI.updateVehicleRequest(name, query: query, body: body)
            _ = try VehicleService.update(
                storedVehicle, with: update.vehicle ?? Vehicle(), mask: FleetMethods.fieldMask(update.updateMask),
                now: now)
        case .deleteVehicle:
            break
        case .listVehicles(let parent):
            let list = try FleetAPI.listVehiclesRequest(parent: parent, query: query)
            _ = try FleetMethods.pageSize(list.pageSize)
            _ = try FleetMethods.pageStart(list.pageToken)
            let criteria = try ListVehiclesCriteria(list)
            _ = FleetMethods.matches(storedVehicle, list) && criteria.matches(storedVehicle, now: now)
        case .searchVehicles(let parent):
            var search = try FleetAPI.decode(body, as: SearchVehiclesRequest.self, field: "")
            search.parent = parent
            _ = try VehicleSearch.search(
                search, vehicles: [storedVehicle], trips: [storedTrip], now: now, roads: nil)
        case .updateVehicleAttributes:
            let update = try FleetAPI.decode(body, as: UpdateVehicleAttributesRequest.self, field: "")
            try VehicleService.validateAttributes(update.attributes, field: "attributes")
            _ = VehicleService.merge(update.attributes, into: storedVehicle.attributes)
        case .reportBillableTrip:
            try BillableTrips.validate(try FleetAPI.decode(body, as: ReportBillableTripRequest.self, field: ""))
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
