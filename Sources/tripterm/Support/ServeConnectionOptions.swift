import ArgumentParser
import FleetServer
import Foundation

/// `serve`'s TLS and connection limits (docs/server.md, "TLS and limits"): what lets it listen beyond loopback.
struct ServeConnectionOptions: ParsableArguments {
    @Option(
        name: .customLong("tls-cert"),
        help: ArgumentHelp(
            "Serve REST and gRPC over TLS with this PEM certificate chain (with --tls-key).", valueName: "file"))
    var tlsCertificate: String?

    @Option(
        name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    @Flag(
        name: .customLong("insecure-plaintext"),
        help: "Serve plaintext on an address other than loopback anyway: tokens cross the network unencrypted.")
    var insecurePlaintext = false

    @Option(
        name: .customLong("max-body-bytes"),
        help: ArgumentHelp(
            "Largest request body (REST) or message (gRPC); a bigger one is 413 / RESOURCE_EXHAUSTED.",
            valueName: "bytes"))
    var maxBodyBytes = 1 << 20

    /// Unset, 10,000; set, also a promise the open-files limit is checked against (``raiseDescriptorLimit()``).
    @Option(
        name: .customLong("max-connections"),
        help: ArgumentHelp(
            "Connections open at once, REST and gRPC together (default 10000); more are closed as they are accepted.",
            valueName: "n"))
    var maxConnectionsOption: Int?

    /// `--max-connections`, or its default.
    var maxConnections: Int { maxConnectionsOption ?? 10_000 }

    @Option(
        name: .customLong("header-timeout"),
        help: ArgumentHelp(
            "Seconds a connection has for its TLS handshake and each request's headers before it is closed.",
            valueName: "seconds"))
    var headerTimeout: Double = 10

    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp(
            "Seconds a connection may go without a byte read or written before it is closed.", valueName: "seconds"))
    var idleTimeout: Double = 60

    /// Unset, ``ConnectionPolicy/defaultHandshakeRate``, which depends on the machine.
    @Option(
        name: .customLong("handshake-rate"),
        help: ArgumentHelp(
            "TLS handshakes begun per second at most (default 1000 per core); new connections past it wait their turn.",
            valueName: "n"))
    var handshakeRate: Int?

    /// What the servers' listening lines say: `http`/`grpc`, or `https`/`grpcs` with TLS.
    var schemes: (http: String, grpc: String) { tlsCertificate == nil ? ("http", "grpc") : ("https", "grpcs") }

    func validate(bind: String) throws {
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: give both, or neither")
        }
        if tlsCertificate != nil, insecurePlaintext {
            throw ValidationError("--insecure-plaintext and --tls-cert contradict each other: pick one")
        }
        if tlsCertificate == nil, !insecurePlaintext, !ConnectionPolicy.isLoopback(bind) {
            throw ValidationError(
                "--bind \(bind) reaches beyond this machine, and without TLS every bearer token would cross the network in plain text: give --tls-cert FILE --tls-key FILE, or --insecure-plaintext to serve plaintext anyway"
            )
        }
        guard maxBodyBytes >= 1 else { throw ValidationError("--max-body-bytes must be at least 1") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1") }
        if let handshakeRate, handshakeRate < 1 {
            throw ValidationError("--handshake-rate must be at least 1 a second, not \(handshakeRate)")
        }
        for (name, seconds) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout)] {
            guard seconds.isFinite, seconds > 0 else {
                throw ValidationError("\(name) must be a positive number of seconds, not '\(seconds)'")
            }
        }
    }

    /// The policy the servers are given; reads and checks the certificate and key.
    func policy() throws -> ConnectionPolicy {
        var policy = ConnectionPolicy()
        if let tlsCertificate, let tlsKey {
            policy.tls = try ServerTLS(certificatePath: tlsCertificate, keyPath: tlsKey)
        }
        policy.maxConnections = maxConnections
        policy.headerTimeout = .seconds(headerTimeout)
        policy.idleTimeout = .seconds(idleTimeout)
        if let handshakeRate { policy.handshakeRate = handshakeRate }
        return policy
    }

    /// The warning `--insecure-plaintext` asks for, on standard error, when it is in effect.
    func warnIfPlaintext(bind: String) {
        guard insecurePlaintext, tlsCertificate == nil, !ConnectionPolicy.isLoopback(bind) else { return }
        FileHandle.standardError.write(
            Data(
                "tripterm serve: warning: serving plaintext on \(bind) (--insecure-plaintext): bearer tokens and fleet data cross the network unencrypted\n"
                    .utf8))
    }

    /// Raises the soft limit on open files towards the hard one, so that `--max-connections` is what turns clients
    /// away rather than `accept` failing for want of descriptors (which NIO survives, the client waiting in the
    /// backlog); says so when a `--max-connections` given is above the hard limit.
    func raiseDescriptorLimit() {
        // Beyond the connections: the database, its WAL, the listening sockets, the event loops' own descriptors.
        let wanted = rlim_t(maxConnections + 256)
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < wanted else {
            return
        }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        // Only a limit asked for is worth a warning: by default the server takes what the machine allows.
        if limit.rlim_cur < wanted, maxConnectionsOption != nil {
            FileHandle.standardError.write(
                Data(
                    "tripterm serve: warning: open files are limited to \(limit.rlim_cur) (ulimit -n), below --max-connections \(maxConnections) and the server's own; raise the hard limit or lower --max-connections\n"
                        .utf8))
        }
    }
}
