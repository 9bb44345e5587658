import FleetModel
import Foundation
import Hummingbird

/// Fleet Engine's trip and vehicle methods over a ``FleetStore``, behind the middleware (``FleetResponder``) that has
/// routed the request and authenticated its caller: read the request, authorize, apply the service rules in one
/// transaction, and encode the answer.
struct FleetAPI: HTTPResponder {
    let store: FleetStore
    let authenticator: Authenticator
    let maxBodyBytes: Int
    let clock: @Sendable () -> Date

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
        var request = request
        switch call.route {
        case .createTrip(let parent):
            return try encode(await createTrip(call, parent: parent, request: &request), options)
        case .getTrip(let name): return try await getTripAnswer(call, name, options)
        case .updateTrip(let name): return try encode(await updateTrip(call, name, request: &request), options)
        case .deleteTrip(let name): return try encode(await deleteTrip(call, name), options)
        case .searchTrips(let parent):
            return try encode(await searchTrips(call, parent: parent, request: &request), options)
        case .createVehicle(let parent):
            return try encode(await createVehicle(call, parent: parent, request: &request), options)
        case .getVehicle(let name): return try encode(await getVehicle(call, name), options)
        case .updateVehicle(let name): return try encode(await updateVehicle(call, name, request: &request), options)
        case .deleteVehicle(let name): return try encode(await deleteVehicle(call, name), options)
        case .listVehicles(let parent): return try encode(await listVehicles(call, parent: parent), options)
        }
    }

    private func encode<T: Encodable>(_ value: T, _ options: ProtoJSONEncodingOptions) throws -> Data {
        try ProtoJSON.encode(value, options: options)
    }

    /// The request body as `T`, strictly: unknown fields, wrong types and unknown enum values are
    /// INVALID_ARGUMENT naming the field; an empty body is the empty message; over the limit is 413.
    func body<T: Decodable>(_ request: inout Request, as type: T.Type, field: String) async throws -> T {
        let tooLarge = FleetError(
            .invalidArgument, "Request payload size exceeds the limit: \(maxBodyBytes) bytes.", httpStatus: 413)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodyBytes { throw tooLarge }
        var data = Data()
        for try await chunk in request.body {
            data.append(contentsOf: chunk.readableBytesView)
            if data.count > maxBodyBytes { throw tooLarge }
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { data = Data("{}".utf8) }
        do {
            return try ProtoJSON.decode(type, from: data, options: .strict)
        } catch {
            throw FleetError.invalidBody(error, in: field)
        }
    }

    static func vehicleName(_ provider: String, _ id: String) throws(FleetError) -> VehicleName {
        do { return try VehicleName(provider: provider, vehicleID: id) } catch {
            throw .invalidArgument(error.description)
        }
    }

    static func provider(of parent: String) -> String { String(parent.dropFirst("providers/".count)) }

    // MARK: Paging

    static func pageSize(_ requested: Int32) throws(FleetError) -> Int {
        guard requested >= 0 else { throw .invalidArgument("pageSize must not be negative") }
        return requested == 0 ? 100 : min(Int(requested), 1000)
    }

    static func pageStart(_ token: String) throws(FleetError) -> String {
        guard !token.isEmpty else { return "" }
        guard let data = Data(base64Encoded: token), let id = String(data: data, encoding: .utf8) else {
            throw .invalidArgument("pageToken \"\(token)\" is not one this server issued")
        }
        return id
    }

    /// Opaque to clients: the last id of the page, base64.
    static func pageToken(after id: String) -> String { Data(id.utf8).base64EncodedString() }
}
