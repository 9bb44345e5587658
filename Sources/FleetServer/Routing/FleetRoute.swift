import FleetModel
import Foundation
import Hummingbird

/// The REST methods of Fleet Engine's trip and vehicle services (reference §5) and of the Deliveries API's
/// DeliveryService (deliveries reference §3), matched from a method and path.
public enum FleetRoute: Equatable, Sendable {
    case createTrip(parent: String)
    case getTrip(TripName)
    case updateTrip(TripName)
    case deleteTrip(TripName)
    case searchTrips(parent: String)
    case createVehicle(parent: String)
    case getVehicle(VehicleName)
    case updateVehicle(VehicleName)
    case deleteVehicle(VehicleName)
    case listVehicles(parent: String)
    /// `POST /v1/{parent=providers/*}/vehicles:search`.
    case searchVehicles(parent: String)
    /// `POST /v1/{name=providers/*/vehicles/*}:updateAttributes`.
    case updateVehicleAttributes(VehicleName)
    /// `POST /v1/{name=providers/*/billableTrips/*}:report`.
    case reportBillableTrip(BillableTripName)
    case createDeliveryVehicle(parent: String)
    case getDeliveryVehicle(DeliveryVehicleName)
    /// `PATCH`, as the Deliveries API's updates are.
    case updateDeliveryVehicle(DeliveryVehicleName)
    case deleteDeliveryVehicle(DeliveryVehicleName)
    case listDeliveryVehicles(parent: String)
    case createTask(parent: String)
    /// `POST /v1/{parent=providers/*}/tasks:batchCreate`.
    case batchCreateTasks(parent: String)
    case getTask(TaskName)
    case updateTask(TaskName)
    case deleteTask(TaskName)
    case listTasks(parent: String)
    case getTaskTrackingInfo(TaskTrackingInfoName)
    /// `GET /v1/{parent=providers/*}/events`: tripterm's own, not Fleet Engine's (docs/server.md, "Events").
    case listEvents(parent: String)

    /// The route for a request, NOT_FOUND for a path no method has, and 405 for a known path with another method.
    public static func match(method: HTTPRequest.Method, path: String) throws(FleetError) -> FleetRoute {
        let raw = path.split(ascii: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        var segments: [String] = []
        for segment in raw {
            // Most segments have nothing escaped; Foundation's decoding was a tenth of a cached GetTrip's time.
            guard let decoded = segment.utf8.contains(0x25) ? String(segment).removingPercentEncoding : String(segment)
            else {
                throw .invalidArgument("Path \"\(path)\" is not valid percent-encoding.")
            }
            segments.append(decoded)
        }
        guard segments.count >= 4, segments[0] == "v1", segments[1] == "providers" else { throw notFound(path) }
        let provider = segments[2]
        if let problem = ResourceID.problem(withProviderID: provider) {
            throw .invalidArgument("invalid provider id \"\(provider)\" in \(path): \(problem)")
        }
        let parent = "providers/\(provider)"
        func allow(_ methods: [HTTPRequest.Method]) throws(FleetError) {
            guard methods.contains(method) else { throw .methodNotAllowed(method, path: path, allowed: methods) }
        }
        switch (segments.count, segments[3]) {
        case (4, "trips"):
            try allow([.post])
            return .createTrip(parent: parent)
        case (4, "trips:search"):
            try allow([.post])
            return .searchTrips(parent: parent)
        case (4, "vehicles:search"):
            try allow([.post])
            return .searchVehicles(parent: parent)
        case (4, "vehicles"):
            try allow([.get, .post])
            return method == .post ? .createVehicle(parent: parent) : .listVehicles(parent: parent)
        case (5, "trips"):
            try allow([.get, .put, .delete])
            let name = try FleetError.checkingName { () throws(NameError) in
                try TripName(provider: provider, tripID: segments[4])
            }
            switch method {
            case .get: return .getTrip(name)
            case .put: return .updateTrip(name)
            default: return .deleteTrip(name)
            }
        case (5, "vehicles") where segments[4].hasSuffix(":updateAttributes"):
            try allow([.post])
            let id = String(segments[4].dropLast(":updateAttributes".count))
            return .updateVehicleAttributes(
                try FleetError.checkingName { () throws(NameError) in try VehicleName(provider: provider, vehicleID: id)
                })
        case (5, "billableTrips") where segments[4].hasSuffix(":report"):
            try allow([.post])
            let id = String(segments[4].dropLast(":report".count))
            return .reportBillableTrip(try BillableTripName(provider: provider, id: id))
        case (4, "deliveryVehicles"):
            try allow([.get, .post])
            return method == .post ? .createDeliveryVehicle(parent: parent) : .listDeliveryVehicles(parent: parent)
        case (4, "tasks"):
            try allow([.get, .post])
            return method == .post ? .createTask(parent: parent) : .listTasks(parent: parent)
        case (4, "events"):
            try allow([.get])
            return .listEvents(parent: parent)
        case (4, "tasks:batchCreate"):
            try allow([.post])
            return .batchCreateTasks(parent: parent)
        case (5, "deliveryVehicles"):
            try allow([.get, .patch, .delete])
            let name = try FleetError.checkingName { () throws(NameError) in
                try DeliveryVehicleName(provider: provider, vehicleID: segments[4])
            }
            switch method {
            case .get: return .getDeliveryVehicle(name)
            case .patch: return .updateDeliveryVehicle(name)
            default: return .deleteDeliveryVehicle(name)
            }
        case (5, "tasks"):
            try allow([.get, .patch, .delete])
            let name = try FleetError.checkingName { () throws(NameError) in
                try TaskName(provider: provider, taskID: segments[4])
            }
            switch method {
            case .get: return .getTask(name)
            case .patch: return .updateTask(name)
            default: return .deleteTask(name)
            }
        case (5, "taskTrackingInfo"):
            try allow([.get])
            return .getTaskTrackingInfo(
                try FleetError.checkingName { () throws(NameError) in
                    try TaskTrackingInfoName(provider: provider, trackingID: segments[4])
                })
        case (5, "vehicles"):
            try allow([.get, .put, .delete])
            let name = try FleetError.checkingName { () throws(NameError) in
                try VehicleName(provider: provider, vehicleID: segments[4])
            }
            switch method {
            case .get: return .getVehicle(name)
            case .put: return .updateVehicle(name)
            default: return .deleteVehicle(name)
            }
        default:
            throw notFound(path)
        }
    }

    static func notFound(_ path: String) -> FleetError {
        .notFound("The requested URL \(path) was not found on this server: no Fleet Engine method has this path.")
    }

    /// Query parameters each method takes besides the system ones and `header.*` (reference §5).
    var queryParameters: Set<String> {
        switch self {
        case .createTrip: ["tripId"]
        case .getTrip:
            [
                "view", "currentRouteSegmentVersion", "remainingWaypointsVersion", "routeFormatType",
                "currentRouteSegmentTrafficVersion", "remainingWaypointsRouteVersion",
            ]
        case .updateTrip, .updateVehicle: ["updateMask"]
        case .createVehicle: ["vehicleId"]
        case .getVehicle: ["currentRouteSegmentVersion", "waypointsVersion"]
        case .listVehicles:
            [
                "pageSize", "pageToken", "minimumCapacity", "tripTypes", "maximumStaleness", "vehicleTypeCategories",
                "requiredAttributes", "requiredOneOfAttributes", "requiredOneOfAttributeSets", "vehicleState",
                "onTripOnly", "filter", "viewport.low.latitude", "viewport.low.longitude", "viewport.high.latitude",
                "viewport.high.longitude",
                // tripterm's name before it took Google's onTripOnly.
                "onTrip",
            ]
        case .createDeliveryVehicle: ["deliveryVehicleId"]
        case .createTask: ["taskId"]
        case .updateDeliveryVehicle, .updateTask: ["updateMask"]
        case .listTasks: ["pageSize", "pageToken", "filter"]
        case .listEvents: ["after", "pageSize", "newest"]
        case .listDeliveryVehicles:
            [
                "pageSize", "pageToken", "filter", "viewport.low.latitude", "viewport.low.longitude",
                "viewport.high.latitude", "viewport.high.longitude",
            ]
        case .deleteTrip, .deleteVehicle, .searchTrips, .searchVehicles, .updateVehicleAttributes,
            .reportBillableTrip, .getDeliveryVehicle, .deleteDeliveryVehicle, .batchCreateTasks, .getTask, .deleteTask,
            .getTaskTrackingInfo:
            []
        }
    }
}
