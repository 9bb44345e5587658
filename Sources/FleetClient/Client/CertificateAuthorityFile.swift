import NIOSSL

/// A private certificate authority's certificates, trusted beside the system's roots for `https://` backends
/// (`--ca-file`): a local server's own CA, or a company's. Read once, so that a missing or malformed file is said at
/// start, naming it, rather than as a TLS failure on each call.
///
/// ```swift
/// let ca = try CertificateAuthorityFile(path: "ca.pem")
/// let http = FleetEngineClient.makeHTTPClient(trusting: ca)
/// ```
public struct CertificateAuthorityFile: Sendable {
    public let path: String
    let certificates: [NIOSSLCertificate]

    public init(path: String) throws(CertificateAuthorityFileError) {
        self.path = path
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(path)
        } catch {
            throw CertificateAuthorityFileError(description: "cannot read the CA file \(path): \(error)")
        }
        guard !certificates.isEmpty else {
            throw CertificateAuthorityFileError(description: "the CA file \(path) holds no PEM certificate")
        }
    }
}

/// A `--ca-file` that could not be used: "cannot read the CA file ca.pem: …".
public struct CertificateAuthorityFileError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
