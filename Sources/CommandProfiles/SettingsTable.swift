import Foundation

/// The settings of one or more commands as `tripterm config` prints them: a row per key with its value and where it
/// comes from. Keys the commands see alike get one row; where they differ (each command's own default interval),
/// the row says which command sees what.
public struct SettingsTable: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var key: String
        public var value: String
        public var origin: String
    }

    public var rows: [Row]

    /// The rows for `applications`, one per command, for the keys any of them takes, in the order of `order`.
    public init(_ applications: [(command: String, application: ProfileApplication)], order: [String]) {
        var seen: [String: [(command: String, setting: EffectiveSetting)]] = [:]
        for (command, application) in applications {
            for setting in application.settings { seen[setting.key, default: []].append((command, setting)) }
        }
        rows = order.compactMap { key in
            guard let entries = seen[key] else { return nil }
            let distinct = entries.reduce(into: [(value: String?, origin: SettingOrigin, commands: [String])]()) {
                groups, entry in
                if let index = groups.firstIndex(where: {
                    $0.value == entry.setting.value && $0.origin == entry.setting.origin
                }) {
                    groups[index].commands.append(entry.command)
                } else {
                    groups.append((entry.setting.value, entry.setting.origin, [entry.command]))
                }
            }
            if distinct.count == 1, let only = distinct.first {
                return Row(key: key, value: only.value ?? "-", origin: only.origin.description)
            }
            let parts = distinct.map { group in
                "\(group.value ?? "-") (\(group.commands.joined(separator: ", ")))"
            }
            let origins = Array(Set(distinct.map(\.origin.description))).sorted()
            return Row(key: key, value: parts.joined(separator: "; "), origin: origins.joined(separator: "; "))
        }
    }

    /// Aligned columns: key, value, origin.
    public var text: String {
        let keyWidth = rows.map(\.key.count).max() ?? 0
        let valueWidth = min(48, rows.map(\.value.count).max() ?? 0)
        return rows.map { row in
            let key = row.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0)
            let value =
                row.value.count > valueWidth
                ? row.value : row.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0)
            return "\(key)  \(value)  \(row.origin)"
        }.joined(separator: "\n")
    }
}
