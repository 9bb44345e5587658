import AsyncHTTPClient
import FleetModel
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// One Fleet Engine v1 REST client for trips and vehicles, for rider and driver alike — against Google's
/// `https://fleetengine.googleapis.com` or tripterm's local server, with the same requests Google's generated REST
/// clients send (paths `/v1/providers/{p}/trips/{t}`, `tripId`/`vehicleId`/`updateMask`/`view` query parameters,
/// proto3 JSON bodies).
///
/// ```swift
/// let http = FleetEngineClient.makeHTTPClient()
/// let client = try FleetEngineClient(baseURL: "http://127.0.0.1:8787", tokenProvider: tokens, httpClient: http)
/// let trip = try await client.getTrip(name, options: GetTripRequest(view: .journeySharingV1S))
/// ```
///
/// Every failure is thrown as a classified ``TripServiceError``: Google's error JSON or the HTTP status, with
/// `Retry-After`; transport failures (refused, reset, timeout, DNS, TLS) with their ``TransportFailure``; bodies that
/// are not the expected JSON, or too big, as malformed responses. A 401 makes the client invalidate the token and
/// retry exactly once with a fresh one before reporting it.
public struct FleetEngineClient: Sendable {
    /// Scheme, host and port (and any path prefix), without a trailing slash.
    public let baseURL: String
    public let tokenProvider: (any AuthTokenProvider)?
    public let httpClient: HTTPClient
    public let options: FleetClientOptions

    /// - Throws: INVALID_ARGUMENT when `baseURL` is not an absolute http(s) URL.
    public init(
        baseURL: String, tokenProvider: (any AuthTokenProvider)?, httpClient: HTTPClient,
        options: FleetClientOptions = .init()
    ) throws(TripServiceError) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URLComponents(string: base), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else {
            throw TripServiceError(
                code: .invalidArgument,
                message:
                    "invalid backend URL \"\(baseURL)\": expected http(s)://host[:port], e.g. https://fleetengine.googleapis.com"
            )
        }
        self.baseURL = base
        self.tokenProvider = tokenProvider
        self.httpClient = httpClient
        self.options = options
    }

    /// An HTTP client set up for Fleet Engine calls: the connect timeout given, no redirects (a bearer token must
    /// not follow one), and a refused connection reported at once instead of retried until the request times out.
    /// `https://` servers are verified against the system's roots and, when given, a private CA's certificates.
    /// The caller shuts it down (`try await client.shutdown()`).
    public static func makeHTTPClient(
        connectTimeout: Duration = .seconds(5), trusting authority: CertificateAuthorityFile? = nil
    ) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: TimeAmount(connectTimeout)))
        configuration.connectionPool.retryConnectionEstablishment = false
        if let authority {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = [.certificates(authority.certificates)]
            configuration.tlsConfiguration = tls
        }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    // MARK: Sending

    /// Sends `request`, authorised for `context`, and decodes a 2xx body as `Message`.
    public func send<Message: Decodable & Sendable>(
        _ request: FleetRequest, context: AuthTokenContext, as type: Message.Type
    ) async throws(TripServiceError) -> FleetResponse<Message> {
        var raw = try await exchange(request, token: token(for: context))
        if raw.status == 401, let tokenProvider {
            await tokenProvider.invalidate(context)
            raw = try await exchange(request, token: token(for: context))
        }
        guard (200..<300).contains(raw.status) else {
            let retryAfter = RetryAfter.parse(header: raw.retryAfter, errorBody: raw.body, now: Date())
            throw TripServiceError.from(httpStatus: raw.status, body: raw.body, retryAfter: retryAfter)
        }
        do {
            let message = try ProtoJSON.decode(type, from: raw.body, options: .lenient)
            return FleetResponse(message: message, httpStatus: raw.status, serverDate: raw.date)
        } catch {
            let detail = raw.body.isEmpty ? "empty body" : error.description
            throw TripServiceError(
                code: TransportFailure.malformedResponse.statusCode,
                message: "the response is not a valid \(Message.self) (HTTP \(raw.status)): \(detail)",
                httpStatus: raw.status, transport: .malformedResponse)
        }
    }

    /// A JSON body in the options' enum encoding.
    func body(_ message: some Encodable) throws(TripServiceError) -> Data {
        do {
            return try ProtoJSON.encode(
                message, options: ProtoJSONEncodingOptions(enumsAsIntegers: options.enumEncoding == .integers))
        } catch {
            throw TripServiceError(code: .invalidArgument, message: "could not encode the request: \(error)")
        }
    }

    /// An enum as a query parameter value in the options' encoding.
    func queryValue<E: ProtoEnum>(_ value: E) -> String {
        options.enumEncoding == .integers ? String(value.rawValue) : value.protoName
    }

    /// The query of a request: the `header.*` fields, then `fields` sorted by name, then `$alt` — the order Google's
    /// REST transports produce.
    func query(_ fields: QueryEncoding = QueryEncoding()) -> QueryEncoding {
        var query = QueryEncoding()
        if let header = options.requestHeader {
            query.add("header.languageCode", header.languageCode.nonEmpty)
            query.add("header.regionCode", header.regionCode.nonEmpty)
            query.add("header.sdkVersion", header.sdkVersion.nonEmpty)
            query.add("header.osVersion", header.osVersion.nonEmpty)
            query.add("header.deviceModel", header.deviceModel.nonEmpty)
            query.add("header.sdkType", header.sdkType.isProtoDefault ? nil : queryValue(header.sdkType))
            query.add("header.platform", header.platform.isProtoDefault ? nil : queryValue(header.platform))
            query.add("header.traceId", header.traceId.nonEmpty)
        }
        for item in fields.items.enumerated().sorted(by: { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
        ) {
            query.add(item.element.name, item.element.value)
        }
        if options.enumEncoding == .integers { query.add("$alt", "json;enum-encoding=int") }
        return query
    }

    private func token(for context: AuthTokenContext) async throws(TripServiceError) -> String? {
        guard let tokenProvider else { return nil }
        return try await tokenProvider.token(for: context).value
    }

    /// What came back from one HTTP exchange.
    private struct RawResponse: Sendable {
        var status: Int
        var date: Date?
        var retryAfter: String?
        var body: Data
    }

    /// One HTTP exchange, bounded by the request timeout from sending to the last byte of the body.
    private func exchange(_ request: FleetRequest, token: String?) async throws(TripServiceError) -> RawResponse {
        var http = HTTPClientRequest(
            url: baseURL + request.path + (request.query.isEmpty ? "" : "?" + request.query.encoded))
        http.method = HTTPMethod(rawValue: request.method.rawValue)
        http.headers.add(name: "User-Agent", value: options.userAgent)
        http.headers.add(name: "Accept", value: "application/json")
        if let token { http.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body = request.body {
            http.headers.add(name: "Content-Type", value: "application/json")
            http.body = .bytes(ByteBuffer(bytes: body))
        }
        let prepared = http
        let timeout = options.requestTimeout
        let limit = options.maxResponseBytes
        let client = httpClient
        let outcome: Result<RawResponse, any Error> = await withTaskGroup(of: Result<RawResponse, any Error>?.self) {
            group in
            group.addTask {
                do {
                    let response = try await client.execute(prepared, timeout: TimeAmount(timeout))
                    let body = try await response.body.bytes(upTo: limit)
                    return .success(
                        RawResponse(
                            status: Int(response.status.code),
                            date: response.headers.first(name: "Date").flatMap(HTTPDate.parse),
                            retryAfter: response.headers.first(name: "Retry-After"), body: body))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .failure(HTTPClientError.deadlineExceeded)
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(CancellationError())
        }
        switch outcome {
        case .success(let raw): return raw
        case .failure(let error as NIOTooManyBytesError):
            throw TripServiceError(
                code: TransportFailure.malformedResponse.statusCode,
                message: "the response is larger than the \(error.maxBytes.map { "\($0)-byte" } ?? "size") limit",
                transport: .malformedResponse)
        case .failure(let error):
            throw TransportErrorClassifier.classify(error)
        }
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
