import FleetModel
import Foundation
import TrackFormats
import TripFollowing

/// A subscriber that writes what a ``TripModel`` sees to a trip file (`--record FILE`): one line per change —
/// a snapshot for each update, a line for each failure — flushed per line and made durable at least once a second,
/// so a `kill -9` loses at most the last second and never corrupts earlier lines.
///
/// A line that cannot be written (a full disk) is missed, not fatal: the file stays whole up to its last complete
/// line, following goes on, each later change is tried again, and the first that gets written is preceded by a note
/// saying how many were missed. ``watch(_:)`` hears it begin and end, for a status bar.
public actor TripRecorder: TripModelSubscriber {
    private let writer: TripFileWriter
    private let now: @Sendable () -> ProtoTimestamp
    private var syncTask: Task<Void, Never>?
    /// The first write error, if any (see ``missedEvents``).
    public private(set) var writeError: InputError?
    /// Lines written after the header.
    public private(set) var eventCount = 0
    /// Changes that could not be written.
    public private(set) var missedEvents = 0
    /// The error lines are failing with now, and how many they missed since it began.
    private var failing: (error: InputError, missed: Int)?
    private var watcher: (@Sendable (String?) -> Void)?

    /// - Parameter now: the time failures and notes are stamped with (wall time live, replay time in replays).
    public init(
        path: String, tripName: TripName, source: String,
        now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(Date()) }
    ) throws(InputError) {
        writer = try TripFileWriter(
            path: path, tripName: tripName, source: source, created: now(), generator: "tripterm")
        self.now = now
    }

    /// Records through `writer` (a test's, on a disk that fills up).
    init(writer: TripFileWriter, now: @escaping @Sendable () -> ProtoTimestamp) {
        self.writer = writer
        self.now = now
    }

    public func tripModel(
        _ model: TripModel, didUpdate trip: Trip, updatedPropertyFields fields: TripPropertyFields
    ) async {
        let time = await model.observedAt ?? now()
        append(.snapshot(trip, at: time))
    }

    public func tripModel(_ model: TripModel, didFailUpdateTripWithError error: TripServiceError) async {
        append(.failure(error, at: now()))
    }

    /// Adds a remark for people reading the file.
    public func note(_ text: String) {
        append(.note(text, at: now()))
    }

    /// Makes everything written durable; call before exiting.
    public func close() async {
        syncTask?.cancel()
        syncTask = nil
        await sync()
    }

    /// `handler` hears what a status bar should say about the recording — why it is not being written, with the
    /// changes missed so far — and nil once lines are written again.
    public func watch(_ handler: @escaping @Sendable (String?) -> Void) {
        watcher = handler
    }

    /// What went wrong with the recording, for the command's last word: nil when every change was written.
    public var failureReport: InputError? {
        guard let writeError else { return nil }
        let missed = missedEvents == 1 ? "1 change was" : "\(missedEvents) changes were"
        return InputError(
            path: writer.path,
            message: "\(missed) not recorded (\(writeError.message)); the file is whole up to its last line")
    }

    private func append(_ event: TripEvent) {
        do {
            if let (error, missed) = failing {
                let what = missed == 1 ? "1 change was" : "\(missed) changes were"
                try writer.append(.note("\(what) not recorded here: \(error.message)", at: now()))
            }
            try writer.append(event)
            eventCount += 1
        } catch {
            if writeError == nil { writeError = error }
            missedEvents += 1
            let missed = (failing?.missed ?? 0) + 1
            failing = (error, missed)
            watcher?("not recording (\(error.message)): \(missed) missed")
            return
        }
        if failing != nil {
            failing = nil
            watcher?(nil)
        }
        if syncTask == nil {
            syncTask = Task { [weak self] in
                try? await Task.sleep(for: .seconds(1))
                await self?.syncFromTimer()
            }
        }
    }

    private func syncFromTimer() async {
        syncTask = nil
        await sync()
    }

    /// The `fsync` runs on a thread of its own: it can take tens of milliseconds, too long to hold a cooperative
    /// thread. Lines appended while it runs wait for the next one.
    private func sync() async {
        guard let pending = writer.takePendingSync() else { return }
        // The fsync's own error, carried out of the thread as a value.
        let failure = try? await OwnThread.run { () -> InputError? in
            do throws(InputError) {
                try pending.run()
                return nil
            } catch {
                return error
            }
        }
        if let failure = failure ?? nil {
            if writeError == nil { writeError = failure }
            watcher?("recording not made durable (\(failure.message))")
        }
    }
}
