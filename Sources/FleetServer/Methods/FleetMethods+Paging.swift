import FleetModel
import Foundation

/// Paging of SearchTrips, ListVehicles, ListDeliveryVehicles and ListTasks: pages in id order, the token the last id of the page.
extension FleetMethods {
    /// The page size asked for: 100 when 0, at most 1000.
    static func pageSize(_ requested: Int32) throws(FleetError) -> Int {
        guard requested >= 0 else { throw .invalidArgument("pageSize must not be negative") }
        return requested == 0 ? 100 : min(Int(requested), 1000)
    }

    /// The id a page starts after.
    static func pageStart(_ token: String) throws(FleetError) -> String {
        guard !token.isEmpty else { return "" }
        guard let data = Data(base64Encoded: token), let id = String(data: data, encoding: .utf8) else {
            throw .invalidArgument("pageToken \"\(token)\" is not one this server issued")
        }
        return id
    }

    /// The page of `matching` (in id order) after the id `start`, at most `size` long, and the token of the next
    /// page ("" on the last).
    static func page<T>(
        of matching: [T], id: (T) -> String, after start: String, size: Int
    ) -> (items: [T], nextPageToken: String) {
        let rest = matching.filter { id($0) > start }
        let items = Array(rest.prefix(size))
        return (items, rest.count > size ? pageToken(after: id(items[items.count - 1])) : "")
    }

    /// Opaque to clients: the last id of the page, base64.
    static func pageToken(after id: String) -> String { Data(id.utf8).base64EncodedString() }
}
