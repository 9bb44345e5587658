import Crypto
import CryptoExtras
import Foundation
import JWTKit

/// The RSA key that signs and verifies local tokens: generated on the server's first start and kept in the data
/// directory (`server-key.pem`, mode 0600), so `tripterm token` and `tripterm serve` agree without setup.
public struct ServerKey: Sendable {
    public static let fileName = "server-key.pem"

    public let privateKeyPEM: String
    /// Key id for the JWT header: the start of the SHA-256 of the public key, so a rotated key gets a new id.
    public let kid: String

    public init(privateKeyPEM: String) throws {
        let key = try _RSA.Signing.PrivateKey(pemRepresentation: privateKeyPEM)
        self.privateKeyPEM = privateKeyPEM
        kid = SHA256.hash(data: key.publicKey.derRepresentation).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// Reads `server-key.pem` from `directory`, creating the directory (0700) and a new 2048-bit key (0600,
    /// ``PrivateKeyFile``) when there is none. A key others can read or write is refused.
    public static func loadOrCreate(in directory: URL) throws -> ServerKey {
        let file = directory.appendingPathComponent(fileName)
        let fm = FileManager.default
        if fm.fileExists(atPath: file.path) { return try load(from: file) }
        do {
            try fm.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw FleetServerSetupError(
                "cannot create the data directory \(directory.path): \(FleetServer.describe(error))")
        }
        let pem = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        // Another process starting at the same moment may have written its key first: that one is everyone's.
        guard try PrivateKeyFile.create(at: file.path, contents: Data(pem.utf8)) else { return try load(from: file) }
        return try ServerKey(privateKeyPEM: pem)
    }

    /// Reads an existing key file, refusing it when others can read or write it.
    public static func load(from file: URL) throws -> ServerKey {
        try PrivateKeyFile.checkPermissions(of: file.path)
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw FleetServerSetupError("cannot read \(file.path): \(FleetServer.describe(error))")
        }
        do {
            return try ServerKey(privateKeyPEM: text)
        } catch {
            throw FleetServerSetupError("\(file.path) is not an RSA private key in PEM: \(error)")
        }
    }

    /// A key collection that signs and verifies RS256 with this key.
    public func keyCollection() async throws -> JWTKeyCollection {
        let key = try Insecure.RSA.PrivateKey(pem: privateKeyPEM)
        return await JWTKeyCollection().add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
    }
}

/// Why the server cannot start: a key, key set, data directory or database that cannot be read or written, with
/// the file named.
public struct FleetServerSetupError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
