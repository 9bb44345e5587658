import Foundation
import MapRendering
import TerminalCore
import TestSupport
import Testing

/// Golden map frames, as text and styles (TestSupport's ``CellBufferText``), in `Tests/MapRenderingTests/Golden/`;
/// `TRIPTERM_UPDATE_GOLDEN=1 swift test` rewrites them.
enum GoldenFrame {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// Compares `buffer` with the golden file `name`.txt.
    static func check(
        _ buffer: CellBuffer, named name: String, title: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        Golden.check(
            CellBufferText.text(of: buffer, title: title), against: directory.appendingPathComponent("\(name).txt"),
            sourceLocation: sourceLocation)
    }
}
