import NIOSSL

/// The certificate chain and private key `serve --tls-cert FILE --tls-key FILE` names, read and checked once at
/// start so that a missing or malformed file stops the server with its name rather than failing each handshake.
///
/// REST offers HTTP/2 and HTTP/1.1 by ALPN (``restConfiguration``); the gRPC server reads the same files through
/// its transport's own TLS settings.
public struct ServerTLS: Sendable {
    /// The PEM file holding the server's certificate, then any intermediates.
    public let certificatePath: String
    /// The PEM file holding the certificate's private key.
    public let keyPath: String
    let certificates: [NIOSSLCertificate]
    let key: NIOSSLPrivateKey

    public init(certificatePath: String, keyPath: String) throws(FleetServerSetupError) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(certificatePath)
        } catch {
            throw FleetServerSetupError("cannot read the TLS certificate \(certificatePath): \(error)")
        }
        guard !certificates.isEmpty else {
            throw FleetServerSetupError("the TLS certificate \(certificatePath) holds no PEM certificate")
        }
        do {
            key = try NIOSSLPrivateKey(file: keyPath, format: .pem)
        } catch {
            throw FleetServerSetupError("cannot read the TLS private key \(keyPath): \(error)")
        }
        do {
            _ = try NIOSSLContext(configuration: configuration(alpn: []))
        } catch {
            throw FleetServerSetupError(
                "the TLS key \(keyPath) does not go with the certificate \(certificatePath): \(error)")
        }
    }

    /// REST's: HTTP/2 preferred, HTTP/1.1 for the clients that offer only it (or no ALPN at all).
    var restConfiguration: TLSConfiguration { configuration(alpn: ["h2", "http/1.1"]) }

    private func configuration(alpn: [String]) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.applicationProtocols = alpn
        return configuration
    }
}
