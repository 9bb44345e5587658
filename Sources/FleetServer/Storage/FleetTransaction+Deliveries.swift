import FleetModel
import GRDB

/// The Deliveries API's rows: delivery vehicles and tasks, each its proto3 JSON plus the columns lookups need.
/// Stored as the methods leave them; what Fleet Engine derives on reading (journey sharing, segment distances,
/// tracking info) is derived on reading (``DeliveryProgress``).
extension FleetTransaction {
    public func deliveryVehicle(_ name: DeliveryVehicleName) throws -> DeliveryVehicle? {
        if let van = live?.van(name, unlessChangedIn: changes) { return van.vehicle }
        guard
            let json = try String.fetchOne(
                db.cachedStatement(sql: "SELECT json FROM delivery_vehicle WHERE provider = ? AND id = ?"),
                arguments: [name.provider, name.vehicleID])
        else { return nil }
        return try Self.decode(DeliveryVehicle.self, json)
    }

    /// Inserts a new delivery vehicle; false when one with this name exists.
    public func insert(_ vehicle: DeliveryVehicle, as name: DeliveryVehicleName) throws -> Bool {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO delivery_vehicle (provider, id, json) VALUES (?, ?, ?)")
            .execute(arguments: [name.provider, name.vehicleID, try Self.encode(vehicle)])
        guard db.changesCount == 1 else { return false }
        changes?.recordDeliveryVehicle(provider: name.provider, name.vehicleID)
        try recordDeliveryVehicle(before: nil, after: vehicle, provider: name.provider)
        return true
    }

    public func replace(_ vehicle: DeliveryVehicle, as name: DeliveryVehicleName) throws {
        let before = events == nil ? nil : try deliveryVehicle(name)
        try db.cachedStatement(sql: "UPDATE delivery_vehicle SET json = ? WHERE provider = ? AND id = ?")
            .execute(arguments: [try Self.encode(vehicle), name.provider, name.vehicleID])
        changes?.recordReport(provider: name.provider, name.vehicleID, vehicle)
        try recordDeliveryVehicle(before: before, after: vehicle, provider: name.provider)
    }

    /// The delivery vehicle's OPEN tasks by id: from memory when a read kept them and no write of the batch has
    /// touched them since (``LiveReads``), else read.
    func openTasks(of name: DeliveryVehicleName) throws -> [String: DeliveryTask] {
        if let van = live?.van(name, unlessChangedIn: changes) { return van.tasks }
        return TaskService.byID(try tasks(provider: name.provider, vehicleID: name.vehicleID, openOnly: true))
    }

    public func deleteDeliveryVehicle(_ name: DeliveryVehicleName) throws {
        try db.cachedStatement(sql: "DELETE FROM delivery_vehicle WHERE provider = ? AND id = ?")
            .execute(arguments: [name.provider, name.vehicleID])
        changes?.recordDeliveryVehicle(provider: name.provider, name.vehicleID)
    }

    /// Delivery vehicles of a provider in id order.
    public func deliveryVehicles(provider: String) throws -> [DeliveryVehicle] {
        try String.fetchAll(
            db, sql: "SELECT json FROM delivery_vehicle WHERE provider = ? ORDER BY id", arguments: [provider]
        ).map { try Self.decode(DeliveryVehicle.self, $0) }
    }

    public func task(_ name: TaskName) throws -> DeliveryTask? {
        guard
            let json = try String.fetchOne(
                db.cachedStatement(sql: "SELECT json FROM task WHERE provider = ? AND id = ?"),
                arguments: [name.provider, name.taskID])
        else { return nil }
        return try Self.decode(DeliveryTask.self, json)
    }

    /// Inserts a new task; false when one with this name exists.
    public func insert(_ task: DeliveryTask, as name: TaskName) throws -> Bool {
        try db.cachedStatement(
            sql:
                "INSERT OR IGNORE INTO task (provider, id, vehicleId, state, trackingId, json) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [
            name.provider, name.taskID, task.deliveryVehicleId, Int(task.state.rawValue), task.trackingId,
            try Self.encode(task),
        ])
        guard db.changesCount == 1 else { return false }
        changes?.recordDeliveryVehicle(provider: name.provider, task.deliveryVehicleId)
        changes?.recordShipment(provider: name.provider, task.trackingId)
        try recordTask(before: nil, after: task, provider: name.provider)
        return true
    }

    public func replace(_ task: DeliveryTask, as name: TaskName) throws {
        let before = events == nil ? nil : try self.task(name)
        // The vehicle it leaves, if any, and the one it is on: both itineraries change. Its tracking id cannot.
        changes?.recordDeliveryVehicle(
            provider: name.provider, try before?.deliveryVehicleId ?? storedKeys(name).vehicleID)
        changes?.recordDeliveryVehicle(provider: name.provider, task.deliveryVehicleId)
        changes?.recordShipment(provider: name.provider, task.trackingId)
        try db.cachedStatement(
            sql: "UPDATE task SET vehicleId = ?, state = ?, json = ? WHERE provider = ? AND id = ?"
        ).execute(arguments: [
            task.deliveryVehicleId, Int(task.state.rawValue), try Self.encode(task), name.provider, name.taskID,
        ])
        try recordTask(before: before, after: task, provider: name.provider)
        if task.state == .closed { try dropProgressWatch(provider: name.provider, subject: "tasks/\(name.taskID)") }
    }

    public func deleteTask(_ name: TaskName) throws {
        let stored = try storedKeys(name)
        changes?.recordDeliveryVehicle(provider: name.provider, stored.vehicleID)
        changes?.recordShipment(provider: name.provider, stored.trackingID)
        try db.cachedStatement(sql: "DELETE FROM task WHERE provider = ? AND id = ?")
            .execute(arguments: [name.provider, name.taskID])
        try dropProgressWatch(provider: name.provider, subject: "tasks/\(name.taskID)")
    }

    /// The stored task's vehicle and tracking ids, without decoding it ("" when it has none or there is no such
    /// task).
    private func storedKeys(_ name: TaskName) throws -> (vehicleID: String, trackingID: String) {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT vehicleId, trackingId FROM task WHERE provider = ? AND id = ?"),
            arguments: [name.provider, name.taskID])
        return (row?["vehicleId"] ?? "", row?["trackingId"] ?? "")
    }

    /// How many tasks the provider has.
    func taskCount(provider: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM task WHERE provider = ?", arguments: [provider]) ?? 0
    }

    /// How many tasks each of these tracking ids has (none: absent), from the index alone.
    func taskCounts(provider: String, trackingIDs: [String]) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for chunk in stride(from: 0, to: trackingIDs.count, by: 500).map({
            trackingIDs[$0..<min($0 + 500, trackingIDs.count)]
        }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT trackingId, count(*) FROM task INDEXED BY task_by_tracking_id "
                    + "WHERE provider = ? AND trackingId IN (\(marks)) GROUP BY trackingId",
                arguments: StatementArguments([provider] + Array(chunk)))
            for row in rows { counts[row[0]] = row[1] }
        }
        return counts
    }

    /// Tasks of a provider in id order: all, or one vehicle's, or one shipment's (tracking id), optionally only
    /// the OPEN ones.
    public func tasks(
        provider: String, vehicleID: String? = nil, trackingID: String? = nil, openOnly: Bool = false
    ) throws -> [DeliveryTask] {
        // Without statistics SQLite's planner walks the provider's whole primary key rather than an index: at 50,000
        // tasks every tracking poll read them all. The index is named so a lookup reads only its own rows.
        let index =
            vehicleID != nil
            ? " INDEXED BY task_by_vehicle" : trackingID != nil ? " INDEXED BY task_by_tracking_id" : ""
        var sql = "SELECT json FROM task\(index) WHERE provider = ?"
        var arguments: StatementArguments = [provider]
        if let vehicleID {
            sql += " AND vehicleId = ?"
            arguments += [vehicleID]
        }
        if let trackingID {
            sql += " AND trackingId = ?"
            arguments += [trackingID]
        }
        if openOnly { sql += " AND state = \(DeliveryTask.State.open.rawValue)" }
        sql += " ORDER BY id"
        // Cached: one of a few shapes, and a depot's every poll runs it.
        return try String.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map {
            try Self.decode(DeliveryTask.self, $0)
        }
    }
}
