import HTTPTypes

/// A request as a Fleet Engine method call: the ``FleetRoute`` its method and path match and its query, read as
/// Google's REST transcoding reads it. The ordinary path (``RoutingMiddleware``) and the fast path
/// (``PollFastPath``) both read requests through it.
struct RoutedRequest: Sendable {
    var route: FleetRoute
    var query: QueryParameters
    /// The query as sent: part of a cached answer's key (views, versions and enum encoding change the answer).
    var rawQuery: String

    /// NOT_FOUND for a path no method has, 405 for a known path with another method, INVALID_ARGUMENT for a bad
    /// name or a query that is not valid percent-encoding.
    init(method: HTTPRequest.Method, path: String, rawQuery: String) throws(FleetError) {
        route = try FleetRoute.match(method: method, path: path)
        query = try QueryParameters(query: rawQuery)
        self.rawQuery = rawQuery
    }

    /// INVALID_ARGUMENT for a query parameter the method does not take. Checked after authentication (by
    /// ``FleetAPI``), so a request without a valid token is 401 whatever its query.
    func validateQuery() throws(FleetError) {
        try query.validate(allowed: route.queryParameters)
    }
}
