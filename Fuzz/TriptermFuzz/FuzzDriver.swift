import CLibFuzzer
import Foundation

/// Runs libFuzzer over the target named by the first argument; the remaining arguments are libFuzzer's.
enum FuzzDriver {
    /// Set once before libFuzzer starts; libFuzzer then calls ``testOneInput`` from this one thread only.
    nonisolated(unsafe) private static var target: FuzzTarget?

    static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2, !arguments[1].hasPrefix("-") else {
            FileHandle.standardError.write(Data(usage.utf8))
            return 2
        }
        if arguments[1] == "list" {
            for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
            return 0
        }
        guard let target = FuzzTarget.named(arguments[1]) else {
            FileHandle.standardError.write(Data("tripterm-fuzz: no target \"\(arguments[1])\"\n\(usage)".utf8))
            return 2
        }
        target.prepare()
        Self.target = target
        atexit { unlink(ScratchFile.path) }
        // libFuzzer's argv: the program name, then its flags and corpus directories.
        let libFuzzerArguments = [arguments[0]] + arguments.dropFirst(2)
        var cStrings = libFuzzerArguments.map { strdup($0) } + [nil]
        var argc = Int32(libFuzzerArguments.count)
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return tripterm_fuzz_run(&argc, &argv, testOneInput)
        }
    }

    private static let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { bytes, count in
        let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
        FuzzDriver.target?.run(data)
        return 0
    }

    static let usage = """
        usage: tripterm-fuzz TARGET [libFuzzer flags] [CORPUS_DIR...]
               tripterm-fuzz list
        See docs/TESTING.md; `make fuzz` runs every target briefly.

        """
}
