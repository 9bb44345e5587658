import FleetModel
import Foundation
import TripFollowing
import TripRecordings

/// What the event table's second pane shows for the selected event: the log entry's request or response as indented
/// JSON, read from the export when the row is selected — or, for inputs without log entries, the event's own data.
public struct ReplayEventDetail: Sendable, Equatable {
    /// `UpdateVehicle · response`, or `snapshot (no log entry)` for inputs without log entries.
    public var title: String
    /// The half of the call shown, when the event has a log entry.
    public var part: RawLogEntry.Part?
    public var lines: [String]

    public init(title: String, part: RawLogEntry.Part?, lines: [String]) {
        self.title = title
        self.part = part
        self.lines = lines
    }

    /// The detail of `event` of `recording`: read from its export when it has a log entry (a few kilobytes at the
    /// entry's offset), else the event itself.
    public static func of(_ event: TripEvent, in recording: TripRecording, part: RawLogEntry.Part) -> ReplayEventDetail
    {
        guard let location = event.logEntry else { return ownData(of: event) }
        let title = "\(location.call) · \(part.rawValue)"
        guard let export = recording.logExport else {
            return ReplayEventDetail(title: title, part: part, lines: ["the export is not at hand to read it from"])
        }
        do {
            let entry = try export.entry(at: location)
            if let lines = entry.prettyLines(part) { return ReplayEventDetail(title: title, part: part, lines: lines) }
            // A failed call has an errorResponse instead of a response.
            return ReplayEventDetail(
                title: title, part: part,
                lines: ["(no \(part.rawValue) in entry [\(location.index)])"]
                    + (entry.errorResponseLines.map { ["", "errorResponse:"] + $0 } ?? []))
        } catch {
            return ReplayEventDetail(title: title, part: part, lines: ["\(error)"])
        }
    }

    /// For inputs without log entries (trip files, GPX, GeoJSON): the trip as the replay holds it, or the failure
    /// or note.
    static func ownData(of event: TripEvent) -> ReplayEventDetail {
        switch event.kind {
        case .snapshot(let trip):
            let text = (try? ProtoJSON.encodeString(trip, pretty: true)) ?? "{}"
            return ReplayEventDetail(
                title: "snapshot (no log entry)", part: nil,
                lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        case .failure(let error):
            return ReplayEventDetail(
                title: "failure (no log entry)", part: nil,
                lines: [
                    "code     \(error.code.name)", "class    \(error.errorClass.rawValue)", "message  \(error.message)",
                ])
        case .note(let text):
            return ReplayEventDetail(title: "note (no log entry)", part: nil, lines: [text])
        }
    }
}
