import FleetModel
import Foundation
import TrackFormats
import TripFollowing

/// A subscriber that writes what a ``TripModel`` sees to a trip file (`--record FILE`): one line per change —
/// a snapshot for each update, a line for each failure — flushed per line and made durable at least once a second,
/// so a `kill -9` loses at most the last second and never corrupts earlier lines.
public actor TripRecorder: TripModelSubscriber {
    private let writer: TripFileWriter
    private let now: @Sendable () -> ProtoTimestamp
    private var syncTask: Task<Void, Never>?
    /// The first write error, if any; recording stops at it but following goes on.
    public private(set) var writeError: InputError?
    /// Lines written after the header.
    public private(set) var eventCount = 0

    /// - Parameter now: the time failures and notes are stamped with (wall time live, replay time in replays).
    public init(
        path: String, tripName: TripName, source: String,
        now: @escaping @Sendable () -> ProtoTimestamp = { ProtoTimestamp(Date()) }
    ) throws(InputError) {
        writer = try TripFileWriter(
            path: path, tripName: tripName, source: source, created: now(), generator: "tripterm")
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

    private func append(_ event: TripEvent) {
        guard writeError == nil else { return }
        do {
            try writer.append(event)
            eventCount += 1
        } catch {
            writeError = error
            return
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
        if let failure = failure ?? nil, writeError == nil { writeError = failure }
    }
}
