import Foundation
import TestSupport
import Testing

/// `serve`'s connection limits end to end, each set small so that the test is quick: a body over
/// `--max-body-bytes` is 413; a client dribbling its headers is cut after `--header-timeout`; a connection with
/// nothing read or written is closed after `--idle-timeout`; a connection past `--max-connections` is closed at
/// accept while the others go on. Raw sockets from Python, where a client must misbehave; they ask for `/nothing`,
/// 404 whatever the token.
@Suite struct ServeLimitsTests {
    @Test func aBodyOverTheLimitIs413() async throws {
        try await ServedOverTLS.with(["--max-body-bytes", "1000"]) { server in
            let big =
                #"{"vehicleState":"OFFLINE","attributes":[{"key":"k","value":""# + String(repeating: "x", count: 2000)
                + #""}]}"#
            let refused = try await server.curl([
                "-X", "POST", "\(server.url)/v1/providers/p/vehicles?vehicleId=v1", "-d", big,
            ])
            #expect(refused.status == 413, "\(refused)")
            #expect(refused.body.contains("INVALID_ARGUMENT"), "Google's error body: \(refused.body)")
            let small = try await server.curl([
                "-X", "POST", "\(server.url)/v1/providers/p/vehicles?vehicleId=v1", "-d", ServedOverTLS.vehicleJSON,
            ])
            #expect(small.status == 200, "\(small)")
        }
    }

    /// A slow-loris client sends a request line and then a byte of header every 0.2 s: cut after the 1 s header
    /// timeout, though it never stopped sending. A client whose keep-alive connection waits 2 s between requests is
    /// not: between requests only the idle timeout counts.
    @Test func slowHeadersAreCutAfterTheHeaderTimeout() async throws {
        try await ServedOverTLS.with(tls: false, ["--header-timeout", "1", "--idle-timeout", "30"]) { server in
            let result = try await server.python(Self.slowHeaders)
            let cut = try #require(result["closedAfter"] as? Double, "\(result)")
            #expect(cut >= 0.9 && cut < 3, "cut after \(cut) s")
            let patient = try await server.python(Self.pauseBetweenRequests, ["2"])
            #expect(patient["statuses"] as? [Int] == [404, 404], "\(patient)")
            // gRPC: a connection that does not finish HTTP/2's preface within the timeout (half of it, then nothing).
            let grpc = try await server.python(Self.halfAPreface, [String(server.grpcPort)])
            let grpcCut = try #require(grpc["closedAfter"] as? Double, "\(grpc)")
            #expect(grpcCut >= 0.9 && grpcCut < 3, "gRPC cut after \(grpcCut) s")
        }
    }

    /// Over HTTP/2 with TLS — REST's port by ALPN, and gRPC's — a client begins a HEADERS frame of 200 bytes and
    /// dribbles its payload a byte at a time, so the connection is never idle: cut after the 1 s header timeout.
    /// (PINGs cannot keep a header block open: HTTP/2 allows only its CONTINUATIONs in between.)
    @Test func aHeadersFrameDribbledOverHTTP2IsCut() async throws {
        try await ServedOverTLS.with(["--header-timeout", "1", "--idle-timeout", "30"]) { server in
            for port in [server.port, server.grpcPort] {
                let result = try await server.python(Self.openHeaderBlock, [String(port), server.caFile])
                #expect(result["alpn"] as? String == "h2", "\(result)")
                let cut = try #require(result["closedAfter"] as? Double, "port \(port): \(result)")
                #expect(cut >= 0.9 && cut < 3, "port \(port) cut after \(cut) s")
                #expect(result["dribbled"] as? Int ?? 0 >= 3, "it kept the connection busy: \(result)")
            }
        }
    }

    @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() async throws {
        try await ServedOverTLS.with(tls: false, ["--idle-timeout", "1"]) { server in
            let result = try await server.python(Self.idleAfterRequest)
            #expect(result["status"] as? Int == 404, "\(result)")
            let closed = try #require(result["closedAfter"] as? Double, "\(result)")
            #expect(closed >= 0.9 && closed < 3, "closed after \(closed) s")
            // gRPC: the transport's GOAWAY after 1 s with no call; a client ignoring it is closed 2 s after its last
            // byte, the GOAWAY.
            let grpc = try await server.python(Self.idleHTTP2, [String(server.grpcPort)])
            #expect(grpc["goAwayAfter"] as? Double ?? 0 >= 0.9, "\(grpc)")
            let grpcClosed = try #require(grpc["closedAfter"] as? Double, "\(grpc)")
            #expect(grpcClosed >= 2.8 && grpcClosed < 8, "gRPC closed after \(grpcClosed) s")
        }
    }

    @Test func connectionsPastTheLimitAreClosedAtAcceptAndTheOthersGoOn() async throws {
        try await ServedOverTLS.with(tls: false, ["--max-connections", "3"]) { server in
            let result = try await server.python(Self.pastTheLimit, ["3", String(server.grpcPort)])
            #expect(result["held"] as? [Int] == [404, 404, 404], "the first three are answered: \(result)")
            #expect(result["extra"] as? String == "closed", "the fourth is closed at once: \(result)")
            #expect(result["extraGRPC"] as? String == "closed", "gRPC's count with REST's: \(result)")
            #expect(result["heldAgain"] as? [Int] == [404, 404, 404], "and the three still are: \(result)")
            #expect(result["afterOneClosed"] as? Int == 404, "one closed makes room: \(result)")
        }
    }

    /// Four clients connect over TLS at once to a server pacing one handshake a second, each with 1.5 s for it: the
    /// first is handshaken at once and the second a second later, both answered; the others, whose turns would come
    /// after their timeout, are closed at once rather than left waiting.
    @Test func tlsHandshakesArePacedAndThoseTooLateAreClosedAtAccept() async throws {
        try await ServedOverTLS.with(["--handshake-rate", "1", "--header-timeout", "1.5"]) { server in
            let result = try await server.python(Self.handshakesAtOnce, ["4", server.caFile])
            let outcomes = try #require(result["outcomes"] as? [[String: Any]], "\(result)")
            let answered = outcomes.filter { $0["status"] as? Int == 404 }
            let after = answered.compactMap { $0["handshakeAfter"] as? Double }.sorted()
            #expect(after.count == 2, "two handshakes in the 1.5 s: \(outcomes)")
            #expect(after.last ?? 0 >= 0.8, "the second waited its turn: \(after)")
            let closed = outcomes.filter { $0["closed"] as? Bool == true }
            #expect(closed.count == 2, "the others are closed: \(outcomes)")
            #expect(closed.allSatisfy { $0["closedAfter"] as? Double ?? 9 < 1 }, "at accept: \(closed)")
        }
    }

    // MARK: Raw-socket clients (argv[1]: the port)
    // Their modules come by `__import__`: an `import` line in a Swift string reads as a Swift import to
    // DeclaredImportsTests.

    /// Request line, then a header byte every 0.2 s for up to 5 s; prints when the server closed the connection.
    static let slowHeaders = #"""
        json, select, socket, sys, time = map(__import__, ["json", "select", "socket", "sys", "time"])
        s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
        start = time.monotonic()
        s.sendall(b"GET /nothing HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        closed = None
        while time.monotonic() - start < 5:
            readable, _, _ = select.select([s], [], [], 0.2)
            if readable:
                try:
                    data = s.recv(1024)
                except ConnectionResetError:
                    data = b""
                if not data:
                    closed = time.monotonic() - start
                    break
            try:
                s.sendall(b"a")
            except OSError:
                closed = time.monotonic() - start
                break
        print(json.dumps({"closedAfter": closed}))
        """#

    /// Half of HTTP/2's preface to the gRPC port `argv[2]`, then nothing; prints when the server closed it.
    static let halfAPreface = #"""
        json, select, socket, sys, time = map(__import__, ["json", "select", "socket", "sys", "time"])
        s = socket.create_connection(("127.0.0.1", int(sys.argv[2])))
        start = time.monotonic()
        s.sendall(b"PRI * HTTP/2.0\r\n")
        closed = None
        while closed is None and time.monotonic() - start < 5:
            readable, _, _ = select.select([s], [], [], 0.1)
            if readable:  # the server's SETTINGS come first; then, in time, the end
                try:
                    data = s.recv(1024)
                except ConnectionResetError:
                    data = b""
                if not data:
                    closed = time.monotonic() - start
        print(json.dumps({"closedAfter": closed}))
        """#

    /// Over TLS with ALPN h2 to port `argv[2]` (CA `argv[3]`): the preface, SETTINGS and the first byte of a
    /// 200-byte HEADERS frame on stream 1, then another of its bytes whenever 0.2 s pass with nothing from the
    /// server; prints the ALPN protocol, the bytes dribbled and when the server closed the connection.
    static let openHeaderBlock = #"""
        json, select, socket, ssl, sys, time = map(__import__, ["json", "select", "socket", "ssl", "sys", "time"])
        context = ssl.create_default_context(cafile=sys.argv[3])
        context.set_alpn_protocols(["h2"])
        s = context.wrap_socket(socket.create_connection(("127.0.0.1", int(sys.argv[2]))), server_hostname="localhost")
        start = time.monotonic()
        s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
                  + bytes([0, 0, 200, 1, 5, 0, 0, 0, 1, 0x82]))
        result = {"alpn": s.selected_alpn_protocol(), "closedAfter": None, "dribbled": 0}
        while result["closedAfter"] is None and time.monotonic() - start < 6:
            try:
                readable, _, _ = select.select([s], [], [], 0.2)
                if readable or s.pending():
                    if not s.recv(4096):
                        result["closedAfter"] = time.monotonic() - start
                else:
                    s.sendall(bytes([0x82]))
                    result["dribbled"] += 1
            except (OSError, ssl.SSLError):
                result["closedAfter"] = time.monotonic() - start
        print(json.dumps(result))
        """#

    /// HTTP/2's preface and SETTINGS to the gRPC port `argv[2]`, then nothing, ignoring what the server sends; prints
    /// when its GOAWAY came and when it closed the connection.
    static let idleHTTP2 = #"""
        json, select, socket, sys, time = map(__import__, ["json", "select", "socket", "sys", "time"])
        s = socket.create_connection(("127.0.0.1", int(sys.argv[2])))
        start = time.monotonic()
        s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0]))
        result, pending = {"goAwayAfter": None, "closedAfter": None}, b""
        while result["closedAfter"] is None and time.monotonic() - start < 10:
            readable, _, _ = select.select([s], [], [], 0.1)
            if not readable:
                continue
            try:
                data = s.recv(4096)
            except ConnectionResetError:
                data = b""
            if not data:
                result["closedAfter"] = time.monotonic() - start
            pending += data
            while len(pending) >= 9 and len(pending) >= 9 + int.from_bytes(pending[:3], "big"):
                if pending[3] == 7 and result["goAwayAfter"] is None:
                    result["goAwayAfter"] = time.monotonic() - start
                pending = pending[9 + int.from_bytes(pending[:3], "big"):]
        print(json.dumps(result))
        """#

    /// Two requests on one keep-alive connection, `argv[2]` seconds apart; prints their statuses.
    static let pauseBetweenRequests = #"""
        http, json, sys, time = map(__import__, ["http.client", "json", "sys", "time"])
        c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
        statuses = []
        for i in range(2):
            if i: time.sleep(float(sys.argv[2]))
            c.request("GET", "/nothing")
            r = c.getresponse(); r.read(); statuses.append(r.status)
        print(json.dumps({"statuses": statuses}))
        """#

    /// One request, then nothing; prints its status and when the server closed the connection.
    static let idleAfterRequest = #"""
        http, json, select, sys, time = map(__import__, ["http.client", "json", "select", "sys", "time"])
        c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
        c.request("GET", "/nothing")
        r = c.getresponse(); r.read()
        start = time.monotonic()
        readable, _, _ = select.select([c.sock], [], [], 10)
        closed = time.monotonic() - start if readable and c.sock.recv(1) == b"" else None
        print(json.dumps({"status": r.status, "closedAfter": closed}))
        """#

    /// `argv[2]` TCP connections at once, then a TLS handshake (CA `argv[3]`) and a request on each, side by side;
    /// prints for each when its handshake ended and its status, or when it was closed.
    static let handshakesAtOnce = #"""
        json, socket, ssl, sys, threading, time = map(
            __import__, ["json", "socket", "ssl", "sys", "threading", "time"])
        context = ssl.create_default_context(cafile=sys.argv[3])
        sockets = [socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5) for _ in range(int(sys.argv[2]))]
        start = time.monotonic()
        outcomes = [None] * len(sockets)
        def run(i):
            try:
                s = context.wrap_socket(sockets[i], server_hostname="localhost")
                outcome = {"handshakeAfter": time.monotonic() - start}
                s.sendall(b"GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                outcome["status"] = int(s.recv(4096).split(b" ")[1])
            except (OSError, ssl.SSLError, IndexError, ValueError):
                outcome = {"closed": True, "closedAfter": time.monotonic() - start}
            outcomes[i] = outcome
        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(sockets))]
        for t in threads: t.start()
        for t in threads: t.join()
        print(json.dumps({"outcomes": outcomes}))
        """#

    /// `argv[2]` connections held open and answered, one more, one more to gRPC's port `argv[3]`, then the held ones
    /// again, then one closed and a new one.
    static let pastTheLimit = #"""
        http, json, socket, sys, time = map(__import__, ["http.client", "json", "socket", "sys", "time"])
        port, n = int(sys.argv[1]), int(sys.argv[2])
        def get(c):
            c.request("GET", "/nothing")
            r = c.getresponse(); r.read(); return r.status
        held = [http.client.HTTPConnection("127.0.0.1", port, timeout=10) for _ in range(n)]
        result = {"held": [get(c) for c in held]}
        extra = socket.create_connection(("127.0.0.1", port), timeout=5)
        try:
            extra.sendall(b"GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n")
            result["extra"] = "closed" if extra.recv(1024) == b"" else "answered"
        except (ConnectionResetError, BrokenPipeError):
            result["extra"] = "closed"
        except socket.timeout:
            result["extra"] = "hanging"
        try:
            g = socket.create_connection(("127.0.0.1", int(sys.argv[3])), timeout=5)
            g.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
            result["extraGRPC"] = "closed" if g.recv(1024) == b"" else "answered"
        except (ConnectionResetError, BrokenPipeError):
            result["extraGRPC"] = "closed"
        except socket.timeout:
            result["extraGRPC"] = "hanging"
        result["heldAgain"] = [get(c) for c in held]
        held[0].close()
        time.sleep(0.3)
        result["afterOneClosed"] = get(http.client.HTTPConnection("127.0.0.1", port, timeout=10))
        print(json.dumps(result))
        """#
}
