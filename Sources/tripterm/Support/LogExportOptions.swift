import ArgumentParser
import FleetServer

/// `--log-export FILE` and `--log-export-format`, taken by `serve` and passed through by `demo`: the server writes
/// every call it answers as Fleet Engine's Cloud Logging entry (docs/server.md, *Cloud Logging export*).
struct LogExportOptions: ParsableArguments {
    @Option(
        name: .customLong("log-export"),
        help: ArgumentHelp(
            "Write every call the server answers to this file as Fleet Engine's Cloud Logging entries, which replay, check and Fleet Debugger read.",
            valueName: "file"))
    var path: String?

    @Option(
        name: .customLong("log-export-format"),
        help: ArgumentHelp(
            "json-lines (one entry a line, the default) or fleet-debugger (the document Fleet Debugger loads).",
            valueName: "format"))
    var format = CallLogExport.Format.jsonLines.rawValue

    func validate() throws {
        guard CallLogExport.Format(rawValue: format) != nil else {
            throw ValidationError("--log-export-format must be json-lines or fleet-debugger, not '\(format)'")
        }
    }

    /// What the server is to do, or nil without `--log-export`.
    var options: CallLogExport.Options? {
        path.map { CallLogExport.Options(path: $0, format: CallLogExport.Format(rawValue: format) ?? .jsonLines) }
    }
}
