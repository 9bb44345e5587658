import Foundation

/// A process's CPU time and memory from Linux's /proc: what `scripts/lib/process-usage.sh` reads, taken here at the
/// exact start and end of the run rather than around seeding and token minting too.
struct ProcessUsage: Sendable {
    /// User plus system CPU seconds so far.
    let cpuSeconds: Double
    /// Resident memory now and at its peak, in bytes.
    let residentBytes: Int
    let peakResidentBytes: Int

    /// `pid`'s usage now, or nil when /proc cannot tell (not Linux, or the process is gone).
    static func read(_ pid: Int32) -> ProcessUsage? {
        guard let stat = text("/proc/\(pid)/stat"), let status = text("/proc/\(pid)/status"),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // The fields after the command's name (which may hold spaces and brackets): utime and stime are the 12th
        // and 13th of them (14th and 15th of the line).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        func kilobytes(_ key: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return 0 }
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        return ProcessUsage(
            cpuSeconds: (user + system) / Double(sysconf(Int32(_SC_CLK_TCK))),
            residentBytes: kilobytes("VmRSS") * 1024, peakResidentBytes: kilobytes("VmHWM") * 1024)
    }

    /// A /proc file's text, read to its end (its size says 0).
    private static func text(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }

    /// `pid`'s CPU as a percentage of one core between `before` and `after`, `seconds` apart, and its memory.
    static func summary(from before: ProcessUsage, to after: ProcessUsage, seconds: Double) -> String {
        let percent = Int(((after.cpuSeconds - before.cpuSeconds) / seconds * 100).rounded())
        func megabytes(_ bytes: Int) -> String { LatencyTally.format(Double(bytes) / 1_048_576) }
        return "CPU \(percent) % of one core, VmRSS \(megabytes(after.residentBytes)) MB, "
            + "VmHWM \(megabytes(after.peakResidentBytes)) MB"
    }
}
