/// A diagnosis with where its trip came from, as the formatters print it.
public struct DiagnosedTrip: Sendable {
    /// The input file, as given on the command line.
    public var file: String
    /// How many problems reading that file skipped past (entries of a log export, a torn last line): when not zero,
    /// the figures may miss what those held, and every output says so.
    public var inputWarnings: Int
    public var diagnosis: Diagnosis

    public init(file: String, inputWarnings: Int = 0, diagnosis: Diagnosis) {
        self.file = file
        self.inputWarnings = inputWarnings
        self.diagnosis = diagnosis
    }
}
