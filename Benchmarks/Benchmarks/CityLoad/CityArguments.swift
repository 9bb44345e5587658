import Foundation

/// What `CityLoad` was asked to do, read from its command line. Bad input is a ``CityUsageError`` with the usage
/// text, never a guess: a load run with a misread setting would report figures for a city nobody asked for.
struct CityArguments: Sendable {
    static let usage = """
        usage: CityLoad BASE_URL KEY_FILE CITY SECONDS [--connections N] [--server-pid PID] [--provider ID] [--depot TASKS]
          BASE_URL     the server, e.g. http://127.0.0.1:8080 (plain HTTP/1.1)
          KEY_FILE     its server-key.pem, to mint a driver token per vehicle and a consumer token per trip
          CITY         vehicles = riders = trips (each trip assigned to its own vehicle)
          SECONDS      how long the city runs after seeding, 10 to 3000 (the first 5 s round is reported apart)
          --connections N   keep-alive connections in the pool (256)
          --server-pid PID  also report that process's CPU and memory over the run (Linux /proc)
          --provider ID     the provider in the resource names (tripterm-demo)
          --depot TASKS     a depot city instead: CITY vans with TASKS delivery tasks each, every shipment polled
        """

    var host: String
    var port: Int
    var keyFile: String
    var city: Int
    var seconds: Double
    var connections = 256
    var serverPID: Int32?
    var provider = "tripterm-demo"
    /// `--depot`: tasks per van, for the depot city.
    var tasksPerVan: Int?

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(CityUsageError) -> CityArguments {
        var positional: [String] = []
        var options: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--") {
                guard ["--connections", "--server-pid", "--provider", "--depot"].contains(argument) else {
                    throw CityUsageError("unknown option \(argument)")
                }
                guard index + 1 < arguments.count else { throw CityUsageError("\(argument) needs a value") }
                options[argument] = arguments[index + 1]
                index += 2
            } else {
                positional.append(argument)
                index += 1
            }
        }
        guard positional.count == 4 else {
            throw CityUsageError("expected BASE_URL KEY_FILE CITY SECONDS, got \(positional.count) arguments")
        }
        let (host, port) = try endpoint(positional[0])
        guard let city = Int(positional[2]), city > 0 else {
            throw CityUsageError("CITY must be a positive whole number, got \"\(positional[2])\"")
        }
        guard let seconds = Double(positional[3]), seconds >= 10, seconds <= 3000 else {
            // Tokens live at most an hour (Fleet Engine's limit), minted before seeding; the first 5 s round is
            // reported apart, so a run has at least one more.
            throw CityUsageError("SECONDS must be between 10 and 3000, got \"\(positional[3])\"")
        }
        var parsed = CityArguments(host: host, port: port, keyFile: positional[1], city: city, seconds: seconds)
        if let text = options["--connections"] {
            guard let connections = Int(text), connections > 0 else {
                throw CityUsageError("--connections must be a positive whole number, got \"\(text)\"")
            }
            parsed.connections = connections
        }
        if let text = options["--server-pid"] {
            guard let pid = Int32(text), pid > 0 else {
                throw CityUsageError("--server-pid must be a process id, got \"\(text)\"")
            }
            parsed.serverPID = pid
        }
        if let provider = options["--provider"] {
            guard !provider.isEmpty, !provider.contains("/") else {
                throw CityUsageError("--provider must be a provider id, got \"\(provider)\"")
            }
            parsed.provider = provider
        }
        if let text = options["--depot"] {
            guard let tasks = Int(text), tasks > 0 else {
                throw CityUsageError("--depot must be a positive number of tasks per van, got \"\(text)\"")
            }
            parsed.tasksPerVan = tasks
        }
        return parsed
    }

    /// Host and port of a plain `http://HOST:PORT` base URL (TLS is not what this measures).
    static func endpoint(_ text: String) throws(CityUsageError) -> (String, Int) {
        guard text.hasPrefix("http://") else {
            throw CityUsageError("BASE_URL must start with http://, got \"\(text)\"")
        }
        var rest = text.dropFirst("http://".count)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]),
            (1...65535).contains(port), colon > rest.startIndex
        else { throw CityUsageError("BASE_URL must be http://HOST:PORT, got \"\(text)\"") }
        return (String(rest[..<colon]), port)
    }
}

/// A command line `CityLoad` cannot run: printed with the usage, exit status 2.
struct CityUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
