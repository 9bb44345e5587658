import FleetModel
import Foundation
import Hummingbird

/// DeliveryService's REST requests as their messages, as Google's HTTP transcoding reads them (deliveries reference
/// §3): the name or parent from the path, the resource (or, for BatchCreateTasks, the whole message) from the body,
/// every other field — ids, `updateMask`, paging, `filter`, `viewport.*`, `header.*` — from the query.
extension FleetAPI {
    func deliveryAnswer(
        _ call: Call, _ request: inout Request, _ options: ProtoJSONEncodingOptions
    ) async throws
        -> Data
    {
        let (query, principal, now, methods) = (call.query, call.principal, call.now, methods)
        switch call.route {
        case .createDeliveryVehicle(let parent):
            let create = CreateDeliveryVehicleRequest(
                header: try query.deliveryHeader(), parent: parent,
                deliveryVehicleId: query["deliveryVehicleId"] ?? "",
                deliveryVehicle: try Self.decode(
                    try await body(&request), as: DeliveryVehicle.self, field: "deliveryVehicle"))
            return try encode(await methods.createDeliveryVehicle(create, principal: principal, now: now), options)
        case .getDeliveryVehicle(let name):
            let get = GetDeliveryVehicleRequest(header: try query.deliveryHeader(), name: name.description)
            return try encode(await methods.getDeliveryVehicle(get, principal: principal, now: now), options)
        case .updateDeliveryVehicle(let name):
            var vehicle = try Self.decode(try await body(&request), as: DeliveryVehicle.self, field: "deliveryVehicle")
            vehicle.name = name.description
            let update = UpdateDeliveryVehicleRequest(
                header: try query.deliveryHeader(), deliveryVehicle: vehicle,
                updateMask: query["updateMask"].map(ProtoFieldMask.init(text:)))
            return try encode(await methods.updateDeliveryVehicle(update, principal: principal, now: now), options)
        case .deleteDeliveryVehicle(let name):
            let delete = DeleteDeliveryVehicleRequest(header: try query.deliveryHeader(), name: name.description)
            return try encode(await methods.deleteDeliveryVehicle(delete, principal: principal, now: now), options)
        case .listDeliveryVehicles(let parent):
            let list = ListDeliveryVehiclesRequest(
                header: try query.deliveryHeader(), parent: parent, pageSize: try query.int32("pageSize") ?? 0,
                pageToken: query["pageToken"] ?? "", filter: query["filter"] ?? "", viewport: try query.viewport())
            return try encode(await methods.listDeliveryVehicles(list, principal: principal, now: now), options)
        case .createTask(let parent):
            let create = CreateTaskRequest(
                header: try query.deliveryHeader(), parent: parent, taskId: query["taskId"] ?? "",
                task: try Self.decode(try await body(&request), as: DeliveryTask.self, field: "task"))
            return try encode(await methods.createTask(create, principal: principal, now: now), options)
        case .batchCreateTasks(let parent):
            var batch = try Self.decode(try await body(&request), as: BatchCreateTasksRequest.self, field: "")
            if !batch.parent.isEmpty, batch.parent != parent {
                throw FleetError.invalidArgument("parent \"\(batch.parent)\" in the body is not the path's \(parent)")
            }
            batch.parent = parent
            return try encode(await methods.batchCreateTasks(batch, principal: principal, now: now), options)
        case .getTask(let name):
            let get = GetTaskRequest(header: try query.deliveryHeader(), name: name.description)
            return try encode(await methods.getTask(get, principal: principal, now: now), options)
        case .updateTask(let name):
            var task = try Self.decode(try await body(&request), as: DeliveryTask.self, field: "task")
            task.name = name.description
            let update = UpdateTaskRequest(
                header: try query.deliveryHeader(), task: task,
                updateMask: query["updateMask"].map(ProtoFieldMask.init(text:)))
            return try encode(await methods.updateTask(update, principal: principal, now: now), options)
        case .deleteTask(let name):
            let delete = DeleteTaskRequest(header: try query.deliveryHeader(), name: name.description)
            return try encode(await methods.deleteTask(delete, principal: principal, now: now), options)
        case .listTasks(let parent):
            let list = ListTasksRequest(
                header: try query.deliveryHeader(), parent: parent, pageSize: try query.int32("pageSize") ?? 0,
                pageToken: query["pageToken"] ?? "", filter: query["filter"] ?? "")
            return try encode(await methods.listTasks(list, principal: principal, now: now), options)
        case .getTaskTrackingInfo(let name):
            let get = GetTaskTrackingInfoRequest(header: try query.deliveryHeader(), name: name.description)
            return try await methods.getTaskTrackingInfoAnswer(
                get, principal: principal, now: now, cacheKey: Self.answerKey(name, rawQuery: call.rawQuery)
            ) { answer in Data(try answer.json(options: options)) }
        default:
            preconditionFailure("\(call.route) is an on-demand route, answered by FleetAPI.answer")
        }
    }
}
