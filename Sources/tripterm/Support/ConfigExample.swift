import Foundation

/// The commented example `tripterm config --init` writes: it changes nothing until edited (its `default-profile` is
/// a comment), and shows each kind of setting once.
enum ConfigExample {
    static let text = """
        # tripterm's profiles: named sets of the options the commands share, so that a command line need not repeat
        # the backend, provider and token. Pick a profile with --profile NAME or TRIPTERM_PROFILE=NAME; without
        # either, default-profile below. An option given on the command line wins over the profile, TRIPTERM_TOKEN
        # and NO_COLOR in the environment win over its token and colours, and the profile wins over the defaults.
        # `tripterm config` shows what commands would run with and where each value comes from; `tripterm config
        # rider --trip …` does so for one command line. Keys are the options' names, without the dashes.

        # default-profile = "local"

        # The local server (tripterm serve), with tokens minted by tripterm itself.
        [profiles.local]
        backend = "http://127.0.0.1:8787"
        provider = "demo"
        token-command = "tripterm token --server"
        # backend = "https://fleet.lab.example:8787"   # a server with TLS (serve --tls-cert) …
        # ca-file = "/path/to/lab-ca.pem"             # … whose certificate a private CA signed

        # A Google Cloud project's Fleet Engine.
        [profiles.work]
        backend = "https://fleetengine.googleapis.com"
        provider = "my-project"       # the Google Cloud project id: fleet and track take it
        # One token source: token-url, token-command, token-file (a file holding a JWT) or token (a JWT).
        token-url = "https://rides.example.com/token/{role}/{tripId}"
        interval = 5                  # seconds between polls (the driver's updates: 5 to 60)
        # marker = "half"             # how the map draws lines: braille, half or ascii
        # ascii = true                # plain ASCII for terminals without Braille
        # no-color = true
        # no-mouse = true
        # map = "/path/to/city.roadmap"   # a road map from tripterm import-osm (no-map = true: none)

        """

    /// Writes ``text`` to `path` (0600: a profile may come to hold a token), creating its directory; refuses when
    /// a file is already there.
    static func write(to path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create \(directory.path): \(error.localizedDescription)")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST {
                throw CommandFailure("\(path) already exists; tripterm config --init never replaces a config file")
            }
            throw CommandFailure("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
