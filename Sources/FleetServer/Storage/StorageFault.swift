import FleetModel
import GRDB

/// Faults of the machine under the database rather than of a request — a full disk, an I/O error — answered as
/// UNAVAILABLE saying what happened: the write was not made, the client may retry, reads go on being answered, and
/// writes succeed again once the machine is mended, without a restart (SQLite rolled the batch back; the next one
/// starts afresh).
enum StorageFault {
    /// The answer for a batch's error: a ``FleetError`` for a fault of the machine, else the error itself.
    static func answer(for error: any Error) -> any Error {
        guard let error = error as? DatabaseError, let what = describe(error) else { return error }
        return FleetError(
            .unavailable,
            "The server could not write: \(what). Nothing was written; reads are still answered, and writes succeed again once that is mended."
        )
    }

    /// What went wrong, for people; nil for a database error that is not the machine's (a constraint, a bug).
    static func describe(_ error: DatabaseError) -> String? {
        switch error.resultCode {
        case .SQLITE_FULL: "its disk is full"
        case .SQLITE_IOERR: "a disk I/O error (\(error.extendedResultCode))"
        case .SQLITE_READONLY: "its database has become read-only"
        default: nil
        }
    }
}
