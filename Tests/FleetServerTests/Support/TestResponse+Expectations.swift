import TestSupport
import Testing

extension TestResponse {
    /// Google's error shape: `{"error":{"code":…,"message":…,"status":…}}` and nothing else.
    func expectError(_ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(body)", sourceLocation: sourceLocation)
        let error = json["error"] as? [String: Any]
        #expect(json.count == 1, "\(body)", sourceLocation: sourceLocation)
        #expect(error?["code"] as? Int == status, "\(body)", sourceLocation: sourceLocation)
        #expect(error?["status"] as? String == code, "\(body)", sourceLocation: sourceLocation)
        #expect((error?["message"] as? String)?.isEmpty == false, "\(body)", sourceLocation: sourceLocation)
        #expect(header("content-type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    }
}
