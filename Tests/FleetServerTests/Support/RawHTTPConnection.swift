import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One keep-alive TCP connection to the test server that writes bytes exactly as given (several requests at once,
/// for HTTP/1.1 pipelining) and reads responses one by one — what an HTTP client library never lets a test do.
/// Reading never blocks a thread: the server answers some requests on Swift's cooperative pool, which has only as
/// many threads as cores, and tests run side by side.
final class RawHTTPConnection {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
        /// The status line and header lines as sent.
        var head: String
    }

    private let socket: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.init(rawValue: errno) ?? .ECONNREFUSED)
        }
    }

    deinit { close(socket) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EPIPE) }
            sent += n
        }
    }

    /// The next response (a Content-Length body; the server sends no other kind here), within 10 seconds.
    func readResponse() async throws -> Response {
        let deadline = ContinuousClock.now + .seconds(10)
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = buffer.indices.dropLast(3).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) {
                let head = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                        in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                let bodyStart = end + 4
                if buffer.count >= bodyStart + length {
                    let status = Int(head[0].split(separator: " ")[1]) ?? 0
                    let body = String(decoding: buffer[bodyStart..<bodyStart + length], as: UTF8.self)
                    buffer.removeFirst(bodyStart + length)
                    return Response(status: status, headers: headers, body: body, head: head.joined(separator: "\r\n"))
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard ContinuousClock.now < deadline else { throw POSIXError(.ETIMEDOUT) }
                try await Task.sleep(for: .milliseconds(2))
                continue
            }
            guard n > 0 else { throw POSIXError(.init(rawValue: errno) ?? .ECONNRESET) }
            buffer += chunk[..<n]
        }
    }

    /// A GET request as bytes.
    static func get(_ path: String, token: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n"
    }
}
