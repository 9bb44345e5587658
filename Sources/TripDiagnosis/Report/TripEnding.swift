import FleetModel

/// How a trip ended, as far as its data tells.
public enum TripEnding: Sendable, Hashable {
    /// COMPLETE or CANCELED at a time, after a status (nil when the data begins there).
    case ended(TripStatus, at: ProtoTimestamp, after: TripStatus?)
    /// The data stops before COMPLETE or CANCELED, in a status (nil without any snapshot), at its last event.
    case unfinished(last: TripStatus?, dataEnds: ProtoTimestamp?)

    /// `CANCELED at 2021-11-13T18:39:31Z, after ENROUTE_TO_DROPOFF`, `not ended: the data stops at … in …`.
    public var summary: String {
        switch self {
        case .ended(let status, let time, let after):
            return "\(status.protoName) at \(time.rfc3339)" + (after.map { ", after \($0.protoName)" } ?? "")
        case .unfinished(let last, let time):
            let when = time.map { " at \($0.rfc3339)" } ?? ""
            return "not ended: the data stops\(when)" + (last.map { " in \($0.protoName)" } ?? "")
        }
    }
}
