import FleetEvents
import Foundation

/// `GET /v1/providers/{p}/events?after=ID&pageSize=N`, tripterm's own endpoint: its JSON is ``FleetEventPage``,
/// not a Fleet Engine message.
extension FleetAPI {
    func eventsAnswer(parent: String, query: QueryParameters, principal: Principal) async throws -> Data {
        func integer(_ name: String) throws(FleetError) -> Int64 {
            guard let text = query[name], !text.isEmpty else { return 0 }
            guard let value = Int64(text) else { throw .invalidArgument("\(name) \"\(text)\" is not an integer") }
            return value
        }
        let page = try await methods.listEvents(
            parent: parent, after: try integer("after"), pageSize: Int(clamping: try integer("pageSize")),
            principal: principal)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(page)
    }
}
