import Foundation
import MapRendering
import TerminalCore
import Testing

@testable import TerminalUI

/// Every test that touches ncurses lives in a suite nested in this one: ncurses has one current screen per
/// process, so they run one at a time. Each opens an offscreen terminal (no tty, no `$TERM` needed) through
/// `TerminalGuard`, which ends curses (`endwin` + `delscreen`) whatever happens.
@Suite(.serialized) struct NcursesTests {}

/// Opens an offscreen terminal for `body` and always restores it.
@discardableResult
func withOffscreen<Result>(
    type: String = "xterm-256color", width: Int = 40, height: Int = 10, outputPath: String? = nil,
    input: Int32? = nil, options: TerminalOptions = TerminalOptions(), _ body: (NcursesTerminal) throws -> Result
) throws -> Result {
    let setup = OffscreenSetup(
        terminalType: type, width: width, height: height, outputPath: outputPath, inputFileDescriptor: input)
    return try TerminalGuard.run(opening: { try NcursesTerminal(offscreen: setup, options: options) }, body)
}

/// A path in the temporary directory, removed after `body`.
func withTemporaryFile<Result>(_ body: (String) throws -> Result) rethrows -> Result {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tui-\(UUID().uuidString).out").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// A pipe whose read end an offscreen terminal reads keys from; the test writes terminal input to it.
final class InputPipe {
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var descriptors: [Int32] = [0, 0]
        precondition(pipe(&descriptors) == 0)
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        precondition(write(writeEnd, bytes, bytes.count) == bytes.count)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}

extension CellStyle {
    static func colored(
        _ foreground: UInt8, on background: UInt8? = nil, _ attributes: CellAttributes = []
    )
        -> CellStyle
    {
        CellStyle(
            foreground: .palette(foreground), background: background.map { .palette($0) } ?? .default,
            attributes: attributes)
    }
}
