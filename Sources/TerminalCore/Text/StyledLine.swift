/// A line of text in runs of one style each: what panels and bars are built from before being placed.
public struct StyledLine: Sendable, Hashable {
    public var runs: [(text: String, style: CellStyle)] = []

    public init(_ runs: [(String, CellStyle)] = []) { self.runs = runs.map { (text: $0.0, style: $0.1) } }

    public static func == (a: StyledLine, b: StyledLine) -> Bool {
        a.runs.map(\.text) == b.runs.map(\.text) && a.runs.map(\.style) == b.runs.map(\.style)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    public var text: String { runs.map(\.text).joined() }
    /// The columns the line takes.
    public var width: Int { runs.reduce(0) { $0 + $1.text.displayWidth } }

    public mutating func append(_ text: String, _ style: CellStyle) { runs.append((text: text, style: style)) }

    /// Draws the line at (x, y), cut at `width` columns; in ASCII mode with its symbols spelled out.
    public func draw(into buffer: inout CellBuffer, x: Int, y: Int, width: Int, ascii: Bool) {
        var column = x
        let end = x + width
        for (index, run) in runs.enumerated() {
            let room = end - column
            guard room > 0 else { return }
            let isLast = index == runs.count - 1
            // A run that does not fit is cut with an ellipsis; the following runs are dropped.
            let runWidth = run.text.displayWidth
            let remaining = runs[index...].reduce(0) { $0 + $1.text.displayWidth }
            let cut = remaining > room && (isLast || runWidth >= room)
            let text = cut ? run.text.fitted(to: room, ascii: ascii) : run.text
            buffer.put(text, x: column, y: y, width: room, style: run.style, ascii: ascii)
            column += text.displayWidth
        }
    }
}
