import Foundation
import Hummingbird

extension Response {
    /// The `Content-Type` of every answer, success or error, as Fleet Engine sends it.
    static let fleetJSONContentType = "application/json; charset=UTF-8"

    /// A JSON answer with Fleet Engine's content type.
    static func fleetJSON(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = fleetJSONContentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
