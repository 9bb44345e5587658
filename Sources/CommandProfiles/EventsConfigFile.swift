import FleetEvents
import Foundation
import TOMLKit

/// `serve --events-config FILE` (docs/server.md, "Events"): the events' thresholds and named geofences, in TOML.
///
/// ```toml
/// not-updating-seconds = 60
/// eta-absolute-seconds = 300
/// eta-relative = 0.1
/// task-eta-relative = 0.5
/// time-remaining-seconds = [600, 300]
/// distance-remaining-meters = [1000]
/// max-in-flight = 32
///
/// [geofences]
/// depot = "CIRCLE (43.7384 7.4246, 150)"
/// ```
///
/// Every key is optional; one left out keeps its default (``EventThresholds``). The whole file is checked and the
/// first problem by line is thrown as a ``ConfigError``: an unknown key with the closest known one, a value of the
/// wrong type or range, a geofence whose WKT is malformed.
public struct EventsConfigFile: Equatable, Sendable {
    public var path: String
    /// `not-updating-seconds`, nil when the file leaves it out.
    public var notUpdating: Duration?
    /// `max-in-flight`: posts under way at once to each receiver, nil when the file leaves it out.
    public var maxInFlight: Int?
    /// The defaults, with the file's values over them.
    public var thresholds: EventThresholds
    /// `[geofences]`, in the order of their names.
    public var geofences: [Geofence]

    static let notUpdatingKey = "not-updating-seconds"
    static let etaAbsoluteKey = "eta-absolute-seconds"
    static let etaRelativeKey = "eta-relative"
    static let taskEtaRelativeKey = "task-eta-relative"
    static let timeRemainingKey = "time-remaining-seconds"
    static let distanceRemainingKey = "distance-remaining-meters"
    static let maxInFlightKey = "max-in-flight"
    static let geofencesKey = "geofences"
    /// Every key the file may hold, for "did you mean" hints.
    public static let keys = [
        notUpdatingKey, etaAbsoluteKey, etaRelativeKey, taskEtaRelativeKey, timeRemainingKey, distanceRemainingKey,
        maxInFlightKey, geofencesKey,
    ]

    /// The file at `path`, which must exist. Throws a ``ConfigError``.
    public static func load(path: String) throws -> EventsConfigFile {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ConfigError(path: path, line: nil, problem: "no such file")
        }
        return try EventsConfigFile(text: TOMLDocument.text(atPath: path), path: path)
    }

    /// Parses `text`, the file at `path` (named in errors). Throws a ``ConfigError``.
    public init(text: String, path: String) throws {
        self.path = path
        let document = try TOMLDocument(text: text, path: path)
        var thresholds = EventThresholds()
        var notUpdating: Duration?
        var maxInFlight: Int?
        var geofences: [Geofence] = []
        var problems: [ConfigError] = []
        for (key, value) in document.table {
            /// A number above 0, or a problem at the key's line.
            func positive(_ value: any TOMLValueConvertible, in what: String = "") throws -> Double {
                let number = value.double ?? value.int.map(Double.init)
                guard let number, number > 0, number.isFinite else {
                    let found = number.map { "\($0)" } ?? SettingValue.describe(value)
                    throw document.error(at: [key], "\(key)\(what) must be a number above 0, not \(found)")
                }
                return number
            }
            func list(_ value: any TOMLValueConvertible) throws -> [Double] {
                guard let array = value.array else { return [try positive(value)] }
                return try array.enumerated().map { index, item in try positive(item, in: "[\(index)]") }
            }
            do {
                switch key {
                case Self.notUpdatingKey: notUpdating = .seconds(try positive(value))
                case Self.etaAbsoluteKey: thresholds.etaAbsolute = .seconds(try positive(value))
                case Self.etaRelativeKey: thresholds.tripEtaRelative = try positive(value)
                case Self.taskEtaRelativeKey: thresholds.taskEtaRelative = try positive(value)
                case Self.timeRemainingKey: thresholds.timeRemaining = try list(value).map { .seconds($0) }
                case Self.distanceRemainingKey: thresholds.distanceRemainingMeters = try list(value)
                case Self.maxInFlightKey:
                    guard let count = value.int, (1...1024).contains(count) else {
                        throw document.error(
                            at: [key],
                            "\(key) must be a whole number from 1 to 1024, not \(value.int.map(String.init) ?? SettingValue.describe(value))"
                        )
                    }
                    maxInFlight = count
                case Self.geofencesKey:
                    guard let table = value.table else {
                        throw document.error(
                            at: [key], "\(key) must be a table of NAME = \"WKT\", not \(SettingValue.describe(value))")
                    }
                    for (name, wkt) in table {
                        do {
                            guard let text = wkt.string else {
                                throw document.error(
                                    at: [key, name],
                                    "geofence \(name) must be WKT in quotes, not \(SettingValue.describe(wkt))")
                            }
                            do { geofences.append(try Geofence(name: name, wkt: text)) } catch {
                                throw document.error(at: [key, name], "geofence \(error.message)")
                            }
                        } catch let error as ConfigError {
                            problems.append(error)
                        }
                    }
                default:
                    throw document.error(at: [key], "unknown key '\(key)'\(suggestion(for: key, among: Self.keys))")
                }
            } catch let error as ConfigError {
                problems.append(error)
            }
        }
        if let first = TOMLDocument.first(of: problems) { throw first }
        self.notUpdating = notUpdating
        self.maxInFlight = maxInFlight
        self.thresholds = thresholds
        self.geofences = geofences.sorted { $0.name < $1.name }
    }
}
