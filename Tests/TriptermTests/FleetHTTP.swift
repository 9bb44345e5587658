import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// JSON over loopback HTTP with a bearer token; any status is returned, transport failures thrown.
struct FleetHTTP: Sendable {
    let url: String
    let token: String
    var session: URLSession = .shared

    func send(_ method: String, _ path: String, _ body: String?) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = method
        request.timeoutInterval = 10
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:])
    }
}
