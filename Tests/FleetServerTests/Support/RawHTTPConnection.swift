import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One keep-alive TCP connection to the test server that writes bytes exactly as given (several requests at once,
/// for HTTP/1.1 pipelining) and reads responses one by one — what an HTTP client library never lets a test do.
final class RawHTTPConnection {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    private let socket: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
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

    /// The next response (a Content-Length body; the server sends no other kind here).
    func readResponse() throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = buffer.indices.dropLast(3).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) {
                let head = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                let bodyStart = end + 4
                if buffer.count >= bodyStart + length {
                    let status = Int(head[0].split(separator: " ")[1]) ?? 0
                    let body = String(decoding: buffer[bodyStart..<bodyStart + length], as: UTF8.self)
                    buffer.removeFirst(bodyStart + length)
                    return Response(status: status, headers: headers, body: body)
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw POSIXError(.init(rawValue: errno) ?? .ECONNRESET) }
            buffer += chunk[..<n]
        }
    }

    /// A GET request as bytes.
    static func get(_ path: String, token: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n"
    }
}
