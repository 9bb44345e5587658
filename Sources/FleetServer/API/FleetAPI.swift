import FleetModel
import Foundation
import Hummingbird

/// Fleet Engine's REST API, behind the middleware (``FleetResponder``) that has routed the request and authenticated
/// its caller: an adapter that reads the path, query and body into the method's request message as Google's HTTP
/// transcoding does, calls ``FleetMethods`` (where authorization, the rules and the store are) and encodes the answer.
struct FleetAPI: HTTPResponder {
    /// The store, token verifier, clock and roads, shared with the gRPC side when there is one.
    let core: FleetServerCore
    let maxBodyBytes: Int

    var store: FleetStore { core.store }
    var authenticator: Authenticator { core.authenticator }
    var clock: @Sendable () -> Date { core.clock }
    var methods: FleetMethods { core.methods }

    /// One request's inputs, read once.
    struct Call {
        var route: FleetRoute
        var query: QueryParameters
        var principal: Principal
        var now: ProtoTimestamp
        /// The query as sent, part of a cached answer's key (views, versions and enum encoding change the answer).
        var rawQuery: String
    }

    /// The method's JSON answer, or a thrown ``FleetError``. The query's names are checked here, after the token.
    func respond(to request: Request, context: FleetRequestContext) async throws -> Response {
        let routed = try context.requireRoutedRequest()
        let principal = try context.requirePrincipal()
        try routed.validateQuery()
        let call = Call(
            route: routed.route, query: routed.query, principal: principal, now: ProtoTimestamp(clock()),
            rawQuery: routed.rawQuery)
        return .fleetJSON(try await answer(call, request))
    }

    private func answer(_ call: Call, _ request: Request) async throws -> Data {
        let options = ProtoJSONEncodingOptions(enumsAsIntegers: call.query.enumsAsIntegers)
        let (query, principal, now) = (call.query, call.principal, call.now)
        let methods = self.methods
        var request = request
        switch call.route {
        case .createTrip(let parent):
            let create = try Self.createTripRequest(parent: parent, query: query, body: try await body(&request))
            return try encode(await methods.createTrip(create, principal: principal, now: now), options)
        case .getTrip(let name):
            let get = try Self.getTripRequest(name, query: query)
            return try await methods.getTripAnswer(
                get, principal: principal, now: now, cacheKey: Self.answerKey(name, rawQuery: call.rawQuery)
            ) { trip in try ProtoJSON.encode(trip, options: options) }
        case .updateTrip(let name):
            let update = try Self.updateTripRequest(name, query: query, body: try await body(&request))
            return try encode(await methods.updateTrip(update, principal: principal, now: now), options)
        case .deleteTrip(let name):
            let delete = try DeleteTripRequest(header: query.header(), name: name.description)
            return try encode(await methods.deleteTrip(delete, principal: principal, now: now), options)
        case .searchTrips(let parent):
            let search = try Self.searchTripsRequest(parent: parent, body: try await body(&request))
            return try encode(await methods.searchTrips(search, principal: principal, now: now), options)
        case .createVehicle(let parent):
            let create = try Self.createVehicleRequest(parent: parent, query: query, body: try await body(&request))
            return try encode(await methods.createVehicle(create, principal: principal, now: now), options)
        case .getVehicle(let name):
            let get = try Self.getVehicleRequest(name, query: query)
            return try encode(await methods.getVehicle(get, principal: principal, now: now), options)
        case .updateVehicle(let name):
            let update = try Self.updateVehicleRequest(name, query: query, body: try await body(&request))
            return try encode(await methods.updateVehicle(update, principal: principal, now: now), options)
        case .deleteVehicle(let name):
            let delete = try DeleteVehicleRequest(header: query.header(), name: name.description)
            return try encode(await methods.deleteVehicle(delete, principal: principal, now: now), options)
        case .listVehicles(let parent):
            let list = try Self.listVehiclesRequest(parent: parent, query: query)
            return try encode(await methods.listVehicles(list, principal: principal, now: now), options)
        case .searchVehicles(let parent):
            var search = try Self.decode(try await body(&request), as: SearchVehiclesRequest.self, field: "")
            search.parent = parent
            return try encode(await methods.searchVehicles(search, principal: principal, now: now), options)
        case .updateVehicleAttributes(let name):
            var update = try Self.decode(try await body(&request), as: UpdateVehicleAttributesRequest.self, field: "")
            update.name = name.description
            return try encode(await methods.updateVehicleAttributes(update, principal: principal, now: now), options)
        case .listEvents(let parent):
            return try await eventsAnswer(parent: parent, query: query, principal: principal)
        case .reportBillableTrip(let name):
            var report = try Self.decode(try await body(&request), as: ReportBillableTripRequest.self, field: "")
            report.name = name.description
            return try encode(await methods.reportBillableTrip(report, principal: principal, now: now), options)
        default:
            return try await deliveryAnswer(call, &request, options)
        }
    }

    func encode<T: Encodable>(_ value: T, _ options: ProtoJSONEncodingOptions) throws -> Data {
        try ProtoJSON.encode(value, options: options)
    }

    /// A GetTrip or GetTaskTrackingInfo answer's key in the ``AnswerCache``: the resource name (the two kinds never
    /// share one) and the query (views, versions and enum encoding change the answer).
    static func answerKey(_ name: some FleetResourceName, rawQuery: String) -> String { "\(name)?\(rawQuery)" }

    /// The request body's bytes; over the limit is 413.
    func body(_ request: inout Request) async throws -> Data {
        let tooLarge = FleetError(
            .invalidArgument, "Request payload size exceeds the limit: \(maxBodyBytes) bytes.", httpStatus: 413)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodyBytes { throw tooLarge }
        var data = Data()
        for try await chunk in request.body {
            data.append(contentsOf: chunk.readableBytesView)
            if data.count > maxBodyBytes { throw tooLarge }
        }
        return data
    }

    /// A body as `T`, strictly: unknown fields, wrong types and unknown enum values are INVALID_ARGUMENT naming the
    /// field (under `field`, the request field the body is); an empty body is the empty message.
    static func decode<T: Decodable>(_ body: Data, as type: T.Type, field: String) throws(FleetError) -> T {
        var data = body
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { data = Data("{}".utf8) }
        do {
            // The two messages clients send most, read directly when the body allows (ProtoJSON+Direct).
            if let vehicle = type as? Vehicle.Type {
                return try ProtoJSON.decode(vehicle, body: data, options: .strict) as! T
            }
            if let trip = type as? Trip.Type { return try ProtoJSON.decode(trip, body: data, options: .strict) as! T }
            // Every other message from a tape when that settles it (a van's report, a batch of tasks), else through
            // JSONDecoder, which gives the same message or the error naming the member.
            if let message = type as? any ProtoMessage.Type {
                return try ProtoJSON.directOrGeneral(message, body: data, options: .strict) as! T
            }
            return try ProtoJSON.decode(type, from: data, options: .strict)
        } catch {
            throw FleetError.invalidBody(error, in: field)
        }
    }
}
