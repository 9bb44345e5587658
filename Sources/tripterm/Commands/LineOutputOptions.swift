import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// `--headless` and `--json`, declared once for every command with a screen so that they mean the same everywhere:
/// lines instead of the screen, and those lines as JSON Lines — which are lines, so `--json` alone is enough. Output
/// that is not a terminal gets the lines too: a script reads it. Each command's help says what its lines hold.
struct LineOutputOptions: ParsableArguments {
    @Flag(help: "Print one line per change instead of drawing the screen (also when output is not a terminal).")
    var headless = false

    @Flag(help: "Print those lines as JSON Lines instead of text (implies --headless).")
    var json = false

    /// Whether lines were asked for, by either flag.
    var asked: Bool { headless || json }

    /// Whether to print lines: asked for, or output is not a terminal.
    var printsLines: Bool { asked || isatty(STDOUT_FILENO) != 1 }
}
