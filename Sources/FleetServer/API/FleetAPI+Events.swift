import FleetEvents
import Foundation

/// `GET /v1/providers/{p}/events?after=ID&pageSize=N` (or `?newest=N`), tripterm's own endpoint: its JSON is
/// ``FleetEventPage``, not a Fleet Engine message.
extension FleetAPI {
    func eventsAnswer(parent: String, query: QueryParameters, principal: Principal) async throws -> Data {
        let (after, pageSize, newest) = try Self.eventsQuery(query)
        let page = try await methods.listEvents(
            parent: parent, after: after, pageSize: pageSize, newest: newest, principal: principal)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(page)
    }

    /// The query's `after`, `pageSize` and `newest`, 0 when absent (apart from the handler so the fuzzer reads them
    /// as it does).
    static func eventsQuery(
        _ query: QueryParameters
    ) throws(FleetError) -> (after: Int64, pageSize: Int, newest: Int) {
        func integer(_ name: String) throws(FleetError) -> Int64 {
            guard let text = query[name], !text.isEmpty else { return 0 }
            guard let value = Int64(text) else { throw .invalidArgument("\(name) \"\(text)\" is not an integer") }
            return value
        }
        return (try integer("after"), Int(clamping: try integer("pageSize")), Int(clamping: try integer("newest")))
    }
}
