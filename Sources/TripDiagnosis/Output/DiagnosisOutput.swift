/// What `check` prints for its trips in each format: report cards (with their findings), or the findings alone.
public enum DiagnosisOutput {
    public enum Format: Sendable {
        case text, json, csv
    }

    /// The whole output, without a final newline; empty when there is nothing to print (`--findings` and none).
    public static func render(_ trips: [DiagnosedTrip], format: Format, findingsOnly: Bool = false) -> String {
        if findingsOnly {
            let findings = trips.flatMap { trip in trip.diagnosis.findings.map { (trip.file, $0) } }
            switch format {
            case .text: return findings.map { ReportCardTextTable.line(for: $0.1) }.joined(separator: "\n")
            case .json: return findings.map { DiagnosisJSON.line(for: $0.1, file: $0.0) }.joined(separator: "\n")
            case .csv:
                return ([DiagnosisCSV.findingHeader] + findings.map { DiagnosisCSV.row(for: $0.1, file: $0.0) })
                    .joined(separator: "\n")
            }
        }
        switch format {
        case .text: return trips.map(ReportCardTextTable.text(for:)).joined(separator: "\n\n")
        case .json: return trips.map(DiagnosisJSON.line(for:)).joined(separator: "\n")
        case .csv: return ([DiagnosisCSV.cardHeader] + trips.map(DiagnosisCSV.row(for:))).joined(separator: "\n")
        }
    }
}
