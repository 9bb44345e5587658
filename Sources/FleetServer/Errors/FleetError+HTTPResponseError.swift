import Hummingbird

/// A ``FleetError`` is Hummingbird's error-response type: thrown anywhere on the request path, it is answered with
/// its status, headers and Google's JSON error body (``FleetResponder`` turns it into the response, as Hummingbird's
/// router does).
extension FleetError: HTTPResponseError {
    public var status: HTTPResponse.Status { HTTPResponse.Status(code: httpStatus) }

    /// `Content-Type`, then `Allow` for a wrong method and `WWW-Authenticate` for a missing or refused token.
    public var headers: HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = Response.fleetJSONContentType
        if !allowedMethods.isEmpty {
            headers[.allow] = allowedMethods.map(\.rawValue).joined(separator: ", ")
        }
        if code == .unauthenticated {
            headers[.wwwAuthenticate] = "Bearer realm=\"fleetengine\""
        }
        return headers
    }

    public func response(from request: Request, context: some RequestContext) -> Response {
        Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body.jsonData())))
    }
}
