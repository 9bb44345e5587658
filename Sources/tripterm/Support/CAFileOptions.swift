import ArgumentParser
import FleetClient

/// `--ca-file`: a private CA to trust for an `https://` backend (and `--token-url`), beside the system's roots —
/// a local `serve --tls-cert` whose certificate a company or a test CA signed. Shared by every command taking
/// `--backend`, and a profile may set it.
struct CAFileOptions: ParsableArguments {
    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp(
            "Also trust this PEM CA's certificates for an https:// backend and --token-url.", valueName: "file"))
    var caFile: String?

    /// Read by `validate()`, so a bad file is said before anything is asked of the backend.
    private(set) var authority: CertificateAuthorityFile?

    /// The option only: `authority` is read from it, not parsed.
    private enum CodingKeys: CodingKey {
        case caFile
    }

    mutating func validate() throws {
        guard let caFile else { return }
        do {
            authority = try CertificateAuthorityFile(path: caFile)
        } catch {
            throw ValidationError("--ca-file: \(error)")
        }
    }
}
