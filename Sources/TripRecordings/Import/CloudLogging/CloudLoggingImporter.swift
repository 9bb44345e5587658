import FleetModel
import Foundation
import TrackFormats

/// Rebuilds trips over time from a Fleet Engine Cloud Logging export, so that `tripterm replay export.json` can show
/// what riders saw.
///
/// Fleet Engine logs every call it serves. The trip calls (CreateTrip, UpdateTrip) return the whole trip; between them,
/// what a rider sees moves with the assigned vehicle's UpdateVehicle reports, which Fleet Engine copies into the trip.
/// The importer replays both in time order, one ``TripRecording`` per trip:
///
/// ```swift
/// let (recordings, warnings) = try CloudLoggingImporter.recordings(from: data, path: "jump-demo.json")
/// recordings[0].statusPath   // [.new, .enrouteToPickup, .arrivedAtPickup, .enrouteToDropoff, .canceled]
/// ```
///
/// It reads exports as Fleet Debugger's `rawLogs` object, as an array of entries or as JSON Lines; with keys spelt as
/// the API spells them or all lower-case; in any order. Log payloads are spelt differently from the API (`status` for
/// `tripStatus`, see ``LogSchema``) and may hide points behind opaque handles: Restricted Use twins are merged back
/// (see ``RestrictedLogMerge``) and a raw GPS fix stands in for a redacted vehicle location. Entries that cannot be
/// read are skipped with an ``InputWarning`` naming them.
public enum CloudLoggingImporter {
    /// Whether the data looks like a Cloud Logging export — a JSON object or array, or JSON Lines, whose first 64 KiB
    /// mention `rawLogs`, `jsonPayload` or `logName` in either spelling — for choosing a reader by content.
    public static func looksLikeExport(_ data: Data) -> Bool {
        let head = LogExportReader.withoutByteOrderMark(data).prefix(1 << 16)
        guard let first = head.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return false }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        return ["\"rawlogs\"", "\"jsonpayload\"", "\"logname\""].contains { text.contains($0) }
    }

    /// The trips of an export, in the order they were created, and what was skipped on the way.
    ///
    /// - Throws: ``InputError`` when the data is not an export, when a JSON Lines line is not JSON (naming the line),
    ///   or when no CreateTrip or UpdateTrip entry can be read: then there is nothing to replay.
    public static func recordings(
        from data: Data, path: String
    ) throws(InputError) -> (recordings: [TripRecording], warnings: [InputWarning]) {
        let (records, warnings) = try read(data, path: path)
        if let reason = records.nothingToReplay { throw InputError(path: path, message: reason) }
        return (trips(of: records, data: data, path: path), warnings)
    }

    /// Everything an export holds: its trips (as ``recordings(from:path:)`` makes them) and its Deliveries API day,
    /// either of which may be empty, and what was skipped on the way.
    ///
    /// - Throws: ``InputError`` as ``recordings(from:path:)`` does, but only when the export holds neither trips nor
    ///   delivery vehicles and tasks.
    public static func read(
        _ data: Data, path: String
    ) throws(InputError) -> (recordings: [TripRecording], deliveries: DeliveryRecording, warnings: [InputWarning]) {
        let (records, warnings) = try read(data, path: path)
        let deliveries = records.deliveries.recording(source: source(path))
        if deliveries.isEmpty, let reason = records.nothingToReplay { throw InputError(path: path, message: reason) }
        return (trips(of: records, data: data, path: path), deliveries, warnings)
    }

    /// The whole fleet of an export — each vehicle after each of its UpdateVehicle calls, each delivery van after
    /// each of its calls, and every trip — for `replay --fleet`, and what was skipped on the way.
    ///
    /// - Throws: ``InputError`` when the data is not an export, when a JSON Lines line is not JSON, or when no
    ///   UpdateVehicle entry can be read: then there is no vehicle to show. An export without trips is a fleet.
    public static func fleet(
        from data: Data, path: String
    ) throws(InputError) -> (fleet: FleetRecording, warnings: [InputWarning]) {
        let (records, warnings) = try read(data, path: path)
        let deliveries = records.deliveries.recording(source: source(path))
        if deliveries.vans.isEmpty, let reason = records.noVehicles { throw InputError(path: path, message: reason) }
        let reports = records.reports.values.joined().sorted { $0.order < $1.order }
            .map { VehicleReport(time: $0.order.time, vehicle: $0.listed) }
        let trips = trips(of: records, data: data, path: path)
        let fleet = FleetRecording(
            source: source(path), reports: reports, trips: trips, deliveries: deliveries.isEmpty ? nil : deliveries)
        return (fleet, warnings)
    }

    private static func source(_ path: String) -> String {
        "Cloud Logging export \(URL(fileURLWithPath: path).lastPathComponent)"
    }

    /// Each trip's recording, its events pointing into `data` for the event table's log entries.
    private static func trips(of records: LogRecords, data: Data, path: String) -> [TripRecording] {
        let export = LogExportSource.bytes(data, path: path)
        return records.tripsInOrder.map { trip in
            var recording = TripRebuilder(tripName: trip.name, source: source(path)).recording(
                trips: trip.records, reports: records.reports)
            recording.logExport = export
            return recording
        }
    }

    /// Every entry decoded into records, with what was skipped, in input order.
    private static func read(
        _ data: Data, path: String
    ) throws(InputError) -> (records: LogRecords, warnings: [InputWarning]) {
        // Problems surface in several passes; they are reported in input order.
        var warnings: [(index: Int, warning: InputWarning)] = []
        func warn(index: Int, line: Int?, insertId: String?, _ message: String) {
            let text = "\(LogEntry.label(index: index, insertId: insertId)): \(message); skipped"
            warnings.append((index, InputWarning(path: path, line: line, message: text)))
        }

        var entries: [LogEntry] = []
        for raw in try LogExportReader.entries(in: data, path: path) {
            do {
                if let entry = try LogEntry(raw.value, index: raw.index, line: raw.line, span: raw.span) {
                    entries.append(entry)
                }
            } catch {
                warn(index: raw.index, line: raw.line, insertId: raw.value["insertid"]?.logString, error.message)
            }
        }
        func warn(_ entry: LogEntry, _ message: String) {
            warn(index: entry.index, line: entry.line, insertId: entry.insertId, message)
        }
        entries = RestrictedLogMerge.merged(entries, warn: warn)
        let records = LogRecords(entries, warn: warn)
        let ordered = warnings.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }
        return (records, ordered.map(\.element.warning))
    }
}
