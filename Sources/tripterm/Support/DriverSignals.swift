import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM for the headless driver: instead of dying mid-update, the run stops its location source so
/// the reporter can send its final OFFLINE update, then exits normally.
final class DriverSignals {
    private let sources: [any DispatchSourceSignal]

    /// Calls `handler` (once per signal) on SIGINT or SIGTERM until ``stop()``.
    init(handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "tripterm.driver-signals")
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// Gives the signals their default action back.
    func stop() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
