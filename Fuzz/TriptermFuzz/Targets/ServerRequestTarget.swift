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
        switch route {
        case .createTrip(let parent):
            try applyRules(.createTrip(try FleetAPI.createTripRequest(parent: parent, query: query, body: body)))
        case .getTrip(let name):
            try applyRules(.getTrip(try FleetAPI.getTripRequest(name, query: query)))
        case .updateTrip(let name):
            try applyRules(.updateTrip(try FleetAPI.updateTripRequest(name, query: query, body: body)))
        case .deleteTrip:
            try applyRules(.deleteTrip)
        case .searchTrips(let parent):
            try applyRules(.searchTrips(try FleetAPI.searchTripsRequest(parent: parent, body: body)))
        case .createVehicle(let parent):
            try applyRules(.createVehicle(try FleetAPI.createVehicleRequest(parent: parent, query: query, body: body)))
        case .getVehicle(let name):
            _ = try FleetAPI.getVehicleRequest(name, query: query)
        case .updateVehicle(let name):
            try applyRules(.updateVehicle(try FleetAPI.updateVehicleRequest(name, query: query, body: body)))
        case .deleteVehicle:
            break
        case .listVehicles(let parent):
            try applyRules(.listVehicles(try FleetAPI.listVehiclesRequest(parent: parent, query: query)))
        case .searchVehicles(let parent):
            var search = try FleetAPI.decode(body, as: SearchVehiclesRequest.self, field: "")
            search.parent = parent
            try applyRules(.searchVehicles(search))
        case .updateVehicleAttributes:
            try applyRules(
                .updateVehicleAttributes(try FleetAPI.decode(body, as: UpdateVehicleAttributesRequest.self, field: "")))
        case .reportBillableTrip:
            try applyRules(
                .reportBillableTrip(try FleetAPI.decode(body, as: ReportBillableTripRequest.self, field: "")))
        }
    }

    /// A request message as either protocol reads it, for the rules both apply.
    enum TypedRequest {
        case createTrip(CreateTripRequest)
        case getTrip(GetTripRequest)
        case updateTrip(UpdateTripRequest)
        case deleteTrip
        case searchTrips(SearchTripsRequest)
        case createVehicle(CreateVehicleRequest)
        case updateVehicle(UpdateVehicleRequest)
        case listVehicles(ListVehiclesRequest)
        case searchVehicles(SearchVehiclesRequest)
        case updateVehicleAttributes(UpdateVehicleAttributesRequest)
        case reportBillableTrip(ReportBillableTripRequest)
    }

    /// FleetMethods' checks and the service rules on a request, against the stored trip and vehicle.
    static func applyRules(_ request: TypedRequest) throws {
        let now = ProtoTimestamp(seconds: 1_700_000_000, nanos: 0)
        switch request {
        case .createTrip(let create):
            let provider = try FleetMethods.provider(ofParent: create.parent)
            let name: TripName
            do { name = try TripName(provider: provider, tripID: create.tripId.isEmpty ? "t1" : create.tripId) } catch {
                throw FleetError.invalidArgument(error.description)
            }
            _ = try TripService.create(create.trip ?? Trip(), name: name, now: now)
        case .getTrip(let get):
            _ = TripReadOptions(get).apply(to: storedTrip)
        case .updateTrip(let update):
            _ = try TripService.update(
                storedTrip, with: update.trip ?? Trip(), mask: FleetMethods.fieldMask(update.updateMask), now: now)
        case .deleteTrip:
            try TripService.checkDeletable(storedTrip)
        case .searchTrips(let search):
            _ = try FleetMethods.pageSize(search.pageSize)
            _ = try FleetMethods.pageStart(search.pageToken)
        case .createVehicle(let create):
            let name = try FleetMethods.vehicleName(
                provider: FleetMethods.provider(ofParent: create.parent),
                id: create.vehicleId.isEmpty ? "v1" : create.vehicleId)
            _ = try VehicleService.create(create.vehicle ?? Vehicle(), name: name, now: now)
        case .updateVehicle(let update):
            _ = try VehicleService.update(
                storedVehicle, with: update.vehicle ?? Vehicle(), mask: FleetMethods.fieldMask(update.updateMask),
                now: now)
        case .listVehicles(let list):
            _ = try FleetMethods.pageSize(list.pageSize)
            _ = try FleetMethods.pageStart(list.pageToken)
            let criteria = try ListVehiclesCriteria(list)
            _ = FleetMethods.matches(storedVehicle, list) && criteria.matches(storedVehicle, now: now)
        case .searchVehicles(let search):
            _ = try VehicleSearch.search(search, vehicles: [storedVehicle], trips: [storedTrip], now: now, roads: nil)
        case .updateVehicleAttributes(let update):
            try VehicleService.validateAttributes(update.attributes, field: "attributes")
            _ = VehicleService.merge(update.attributes, into: storedVehicle.attributes)
        case .reportBillableTrip(let report):
            try BillableTrips.validate(report)
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
        vehicleType: Vehicle.VehicleType(category: .auto))
}
