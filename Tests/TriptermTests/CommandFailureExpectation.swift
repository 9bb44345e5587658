import TestSupport
import Testing

extension TriptermBinary.Output {
    /// Bad input as users must meet it: a non-zero exit, a short message on stderr containing `message`, nothing on
    /// stdout.
    func expectClearFailure(
        containing message: String, for arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(status != 0, "\(arguments)", sourceLocation: sourceLocation)
        #expect(stderr.contains(message), "\(arguments): \(stderr)", sourceLocation: sourceLocation)
        #expect(stderr.split(separator: "\n").count <= 3, "short: \(stderr)", sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, sourceLocation: sourceLocation)
    }
}
