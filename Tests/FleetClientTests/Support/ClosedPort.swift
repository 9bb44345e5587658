import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with a loopback port nothing listens on, so connecting to it is refused. The port stays bound (not
/// listening) until `body` returns: a port closed again at once was free for any server another test started in the
/// meantime, and once, with every suite in one run, a test's "refused" connection reached one (2026-11-27).
func withClosedLoopbackPort<R>(_ body: (Int) async throws -> R) async rethrows -> R {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    precondition(fd >= 0, "socket: \(errno)")
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    precondition(bound == 0, "bind: \(errno)")
    _ = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return try await body(Int(UInt16(bigEndian: address.sin_port)))
}
