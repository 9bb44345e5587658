import Foundation
import TestSupport
import Testing

/// No code waits by blocking a thread where it could run on Swift's cooperative pool (docs/TESTING.md, *No blocking on
/// the cooperative pool*): every Swift file under Sources/ and Tests/ is searched for the blocking primitives that
/// once held the pool's two threads here — Foundation's `Process` and its waits, `waitpid`, sleeps, semaphores,
/// blocking reads of a whole stream — and each use must be one the list below names, on a thread of its own.
@Suite struct BlockingCallsTests {
    /// A blocking primitive, as it is written in Swift (an ICU pattern: Swift's `Regex` has no lookbehind).
    struct Primitive: Sendable {
        let name: String
        let expression: NSRegularExpression

        init(name: String, pattern: String) {
            self.name = name
            expression = try! NSRegularExpression(pattern: pattern)
        }

        func isUsed(in code: some StringProtocol) -> Bool {
            let code = String(code)
            return expression.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
        }
    }

    static let primitives: [Primitive] = [
        Primitive(name: "Foundation's Process (use swift-subprocess)", pattern: #"\bProcess\(\)"#),
        Primitive(name: "waitUntilExit", pattern: #"\.waitUntilExit\("#),
        Primitive(name: "waitpid", pattern: #"\bwaitpid\("#),
        Primitive(name: "Thread.sleep", pattern: #"\bThread\.sleep\("#),
        Primitive(name: "sleep/usleep", pattern: #"(?<![\w.])(?<!func )u?sleep\("#),
        Primitive(name: "a semaphore", pattern: #"\bDispatchSemaphore\("#),
        Primitive(name: "a blocking read to the end", pattern: #"\.readDataToEndOfFile\(|\.availableData\b"#),
        Primitive(name: "a condition wait", pattern: #"\bNSCondition\(\)"#),
    ]

    /// The uses that stay, each on a thread that is not the pool's, and why.
    static let allowed: [String: String] = [
        "Sources/TerminalUI/App/InputWatcher.swift":
            "the terminal's input waits run on the watcher's own thread, by design",
        "Sources/TerminalUI/Signals/SignalRelay.swift":
            "waits at most 0.5 s once, at start-up before any task runs, for libdispatch to take the signals over",
        "Sources/FleetClient/Concurrency/ThreadExecutor.swift":
            "its own threads wait for jobs: that is the executor",
        "Tests/TriptermTests/BlockingCallsTests.swift": "this list",
    ]

    @Test func noBlockingPrimitiveOutsideTheAllowedPlaces() throws {
        let root = Repository.root
        var found: [String] = []
        for directory in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(directory)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let relative = directory + file.path.dropFirst(base.path.count)
                // Generated protobuf code is not ours to change and calls none of these.
                guard Self.allowed[relative] == nil, !relative.hasPrefix("Sources/FleetEngineProto/") else { continue }
                let lines = try String(contentsOf: file, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    for primitive in Self.primitives where primitive.isUsed(in: code) {
                        found.append("\(relative):\(index + 1): \(primitive.name)")
                    }
                }
            }
        }
        #expect(
            found.isEmpty,
            """
            blocking calls where async code could run them — use swift-subprocess, Task.sleep or an async API, or run \
            them on a thread of their own and list the file in BlockingCallsTests.allowed with why:
            \(found.joined(separator: "\n"))
            """)
    }

    @Test func theSearchFindsEachPrimitive() {
        let samples = [
            "let p = Process()", "p.waitUntilExit()", "waitpid(pid, &s, 0)", "Thread.sleep(forTimeInterval: 1)",
            "usleep(10)", "let s = DispatchSemaphore(value: 0)", "h.readDataToEndOfFile()", "let c = NSCondition()",
        ]
        for (sample, primitive) in zip(samples, Self.primitives) {
            #expect(primitive.isUsed(in: sample), "\(primitive.name) in \(sample)")
        }
        let sleeps = Self.primitives[4]
        #expect(!sleeps.isUsed(in: "try await Task.sleep(for: .seconds(1))"))
        #expect(!sleeps.isUsed(in: "public func sleep(until deadline: Instant)"))
    }
}
