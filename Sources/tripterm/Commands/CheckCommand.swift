import ArgumentParser
import FleetModel
import Foundation
import TrackFormats
import TripDiagnosis
import TripRecordings

/// `tripterm check FILE…`: a report card and the findings of every trip in recordings and log exports, without a
/// screen, and an exit code a CI job can act on.
///
/// ```sh
/// tripterm check trip.jsonl                                   # report cards as text
/// tripterm check export.json --json --fail-on speed-jump,error  # JSON Lines; exit 1 on a teleport or an error
/// ```
///
/// Exit status: 0 when the inputs were read (and nothing `--fail-on` names was found), 1 when such a finding exists,
/// 2 when an input cannot be read — then each unreadable file gets one `FILE:LINE: problem` line on standard error
/// and nothing is printed on standard output, so that no partial report passes for a whole one. Problems reading
/// skipped past (a log entry, a torn last line) are warnings on standard error, and the report says how many.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report cards and anomaly findings for recorded trips, with an exit code for CI.",
        discussion: """
            Reads what replay reads: trip files, Fleet Engine Cloud Logging exports, GPX and GeoJSON, gzip-compressed \
            or not, every trip of each file unless --trip; a Deliveries API export (delivery vehicles and tasks) gets a \
            report card per van: stops served with their ETA accuracy, task outcomes, outcome places. Finding kinds: \
            \(FindingKind.allCases.map(\.rawValue).joined(separator: ", ")). Exit status: 0, 1 when --fail-on \
            matches a finding, 2 when an input cannot be read. See docs/check.md.
            """
    )

    @Argument(help: "The files to check.")
    var files: [String]

    @Option(help: "Only this trip, by id (or a unique prefix) or full name.")
    var trip: String?

    @Flag(help: "Print JSON Lines: one object per trip, with its findings (or per finding with --findings).")
    var json = false

    @Flag(help: "Print CSV: a header, then one row per trip (or per finding with --findings).")
    var csv = false

    @Flag(help: "Print the findings alone, one per line (or row), instead of the report cards.")
    var findings = false

    @Option(
        help: ArgumentHelp(
            "Exit 1 when a finding of these kinds or severities exists: a comma-separated list of kinds, severities "
                + "(info, warning, error: that or worse) or 'any'.",
            valueName: "kinds"))
    var failOn: String?

    @OptionGroup(title: "Thresholds")
    var thresholds: CheckThresholdOptions

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv do not go together: pick one") }
        if let failOn {
            do { _ = try FailurePolicy(parsing: failOn) } catch { throw ValidationError("--fail-on: \(error)") }
        }
    }

    func run() throws {
        let policy = try failOn.map { try FailurePolicy(parsing: $0) } ?? FailurePolicy()
        let (trips, vans) = try diagnosedInputs()
        let output = DiagnosisOutput.render(trips, format: json ? .json : csv ? .csv : .text, findingsOnly: findings)
        var parts = output.isEmpty ? [] : [output]
        // CSV's columns are a trip's.
        if csv, !vans.isEmpty {
            FileHandle.standardError.write(
                Data("check: \(vans.count) delivery vans left out of --csv (use text or --json)\n".utf8))
        } else if findings {
            let lines = vans.flatMap { van in
                van.diagnosis.findings.map {
                    json ? DiagnosisJSON.line(for: $0, file: van.file) : ReportCardTextTable.line(for: $0)
                }
            }
            if !lines.isEmpty { parts.append(lines.joined(separator: "\n")) }
        } else {
            parts += vans.map { json ? $0.diagnosis.json(file: $0.file) : $0.diagnosis.text(file: $0.file) }
        }
        if !parts.isEmpty { print(parts.joined(separator: json || findings ? "\n" : "\n\n")) }
        let all = trips.flatMap(\.diagnosis.findings) + vans.flatMap(\.diagnosis.findings)
        if policy.fails(on: all) { throw ExitCode(1) }
    }

    /// Every input read before anything is diagnosed; any unreadable one ends the run with status 2. Delivery vans
    /// come with every file's trips unless `--trip` picks one.
    private func diagnosedInputs() throws -> (
        trips: [DiagnosedTrip], vans: [(file: String, diagnosis: DeliveryDiagnosis)]
    ) {
        let diagnoser = Diagnoser(thresholds: thresholds.thresholds)
        var selected: [(file: String, warnings: Int, end: ProtoTimestamp?, recordings: [TripRecording])] = []
        var vans: [(file: String, diagnosis: DeliveryDiagnosis)] = []
        var errors: [InputError] = []
        for file in files {
            do {
                let loaded = try RecordingLoader.load(path: file)
                for warning in loaded.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
                // One file: replay's own selection and its messages; several: the trip may be in any of them.
                let recordings =
                    files.count == 1 && trip != nil
                    ? [try RecordingLoader.select(loaded, trip: trip, path: file)]
                    : try RecordingLoader.matching(loaded, trip: trip, path: file)
                let end = loaded.recordings.compactMap(\.timeSpan?.upperBound).max()
                selected.append((file, loaded.warnings.count, end, recordings))
                if trip == nil, let day = loaded.deliveries {
                    vans += day.vans.map { (file, diagnoser.diagnose($0, in: day)) }
                }
            } catch {
                errors.append(error)
            }
        }
        if errors.isEmpty, let trip, selected.allSatisfy(\.recordings.isEmpty) {
            let message = "no trip \"\(trip)\" in these files"
            errors.append(InputError(path: files.joined(separator: ", "), message: message))
        }
        guard errors.isEmpty else {
            for error in errors { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
            throw ExitCode(2)
        }
        let trips = selected.flatMap { input in
            input.recordings.map {
                DiagnosedTrip(
                    file: input.file, inputWarnings: input.warnings,
                    diagnosis: diagnoser.diagnose($0, inputEnd: input.end))
            }
        }
        return (trips, vans)
    }
}
