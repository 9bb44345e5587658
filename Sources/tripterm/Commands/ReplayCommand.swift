import ArgumentParser
import FleetModel
import Foundation
import TerminalUI
import TripFollowing
import TripRecordings

#if canImport(Glibc)
import Glibc
#endif

/// `tripterm replay FILE`: replays a recorded trip through the same model and subscribers as a live one.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recorded trip: a trip file, a Fleet Engine Cloud Logging export, a GPX track or GeoJSON.",
        discussion: """
            Opens the trip on a terminal map with transport keys (space, . , + - ← → 0–9; e the event table; ? lists \
            them all). --vehicle ID plays all of a vehicle's trips in a row. \
            --headless prints one line per subscriber callback instead, and --snapshot prints one frame as text. \
            Inputs may be gzip-compressed; the format is recognised from the content. \
            With --fleet, a Cloud Logging export plays every vehicle and trip together on one clock, on the fleet \
            screen (space, . , ] [ ← → 0–9 for the transport; Enter follows, t opens a trip's rider view); \
            without a terminal, or with --json, it prints the fleet's changes as `tripterm fleet --json` does.
            """
    )

    @Argument(help: "The file to replay.")
    var file: String

    @OptionGroup(title: "Output")
    var output: LineOutputOptions

    @Option(
        help: ArgumentHelp(
            "Replay speed: a factor from 0.5 to 1000 (e.g. 10 or x10), or 'max' for as fast as possible.",
            valueName: "factor"))
    var speed: String = "1"

    @Flag(help: "Replay every vehicle and trip of a Cloud Logging export together, on the fleet screen.")
    var fleet = false

    @Option(
        help: ArgumentHelp(
            "With --fleet: seconds after which a vehicle's last report is stale, on the replay's clock (5 min by default).",
            valueName: "seconds"))
    var stale: Double = 300

    @Flag(
        name: .customLong("hide-stale"),
        help: "With --fleet, on the fleet screen: leave stale vehicles out instead of greying them.")
    var hideStale = false

    @Option(help: "The trip to replay, by id (or a unique prefix) or full name, when the file holds several.")
    var trip: String?

    @Option(
        help: """
            Replay every trip of this vehicle (by id or a unique prefix) on one timeline, in the order it served \
            them, instead of one trip.
            """)
    var vehicle: String?

    @Flag(help: "List the trips in the file (id, vehicle, status path, time span, number of updates) and exit.")
    var list = false

    @Flag(help: "Start again from the beginning at the end, until interrupted.")
    var loop = false

    @Option(help: ArgumentHelp("Also record what the replay shows to this trip file.", valueName: "file"))
    var record: String?

    @Flag(help: "Print one frame of the map as plain text and exit (see --at and --size).")
    var snapshot = false

    @Option(
        help: "With --snapshot: where in the trip, as a percentage (50%), an offset (90s, 3:20) or an RFC 3339 time.")
    var at: String = "100%"

    @Option(help: "With --snapshot: the frame size in cells, WIDTHxHEIGHT (default: the terminal's, or 100x30).")
    var size: SnapshotSize?

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup
    var profileOptions: ProfileOptions

    func validate() throws {
        guard ReplaySpeed(speed) != nil else {
            throw ValidationError("--speed must be a number from 0.5 to 1000 or 'max', not '\(speed)'")
        }
        guard ReplayPosition(at) != nil else {
            throw ValidationError(
                "--at must be a percentage (50%), an offset (90s, 3:20) or an RFC 3339 time, not '\(at)'")
        }
        if output.asked && snapshot {
            throw ValidationError("--headless or --json and --snapshot do not go together: pick one")
        }
        if fleet, trip != nil || vehicle != nil || list || record != nil || snapshot {
            throw ValidationError(
                "--fleet plays every vehicle and trip: --trip, --vehicle, --list, --record and --snapshot do not go "
                    + "with it")
        }
        guard stale.isFinite, stale > 0 else { throw ValidationError("--stale must be a positive number of seconds") }
        if !fleet, hideStale || stale != 300 { throw ValidationError("--stale and --hide-stale go with --fleet") }
        if trip != nil && vehicle != nil {
            throw ValidationError("--trip and --vehicle do not go together: one trip, or all of a vehicle's")
        }
        if record != nil && vehicle != nil {
            throw ValidationError("--record writes one trip's file, so it does not go with --vehicle")
        }
    }

    func run() async throws {
        if fleet { return try await runFleet() }
        let loaded = try RecordingLoader.load(path: file)
        for warning in loaded.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
        if list {
            print(TripListing.table(loaded.recordings))
            return
        }
        let recording =
            if let vehicle {
                try RecordingLoader.vehicleTimeline(loaded, vehicle: vehicle, path: file)
            } else {
                try RecordingLoader.select(loaded, trip: trip, path: file)
            }
        if snapshot { return try await printSnapshot(recording) }
        // Piped or redirected output gets the lines a script can read, as if --headless were given.
        if output.printsLines { return try await runHeadless(recording) }
        try await runScreen(recording)
    }

    private var backendName: String { "replay " + URL(fileURLWithPath: file).lastPathComponent }

    /// `--fleet`: every vehicle of an export on one clock, on the fleet screen or as the fleet's printer prints it.
    private func runFleet() async throws {
        let (recording, warnings) = try RecordingLoader.loadFleet(path: file)
        for warning in warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
        let run = FleetReplayRun(
            recording: recording, speed: ReplaySpeed(speed) ?? .realtime,
            staleThreshold: .milliseconds(Int64(stale * 1000)))
        if output.printsLines {
            return await FleetReplaySession.runHeadless(run, loop: loop, json: output.json)
        }
        try await FleetReplaySession.runScreen(
            run, backendName: backendName, loop: loop, hideStale: hideStale, display: display)
    }

    /// One frame as text, trailing spaces trimmed.
    private func printSnapshot(_ recording: TripRecording) async throws {
        guard let span = recording.timeSpan else { throw ValidationError("\(file): the trip has no events to show") }
        let time = (ReplayPosition(at) ?? .fraction(1)).timestamp(start: span.lowerBound, end: span.upperBound)
        let frameSize = size?.size ?? TerminalSize.ofStandardOutput ?? TerminalSize(width: 100, height: 30)
        let frame = await ReplaySnapshot.render(
            recording: recording, at: time, size: frameSize,
            options: display.appOptions(colors: 0, baseMap: try display.baseMap()), backendName: backendName)
        for line in frame.lines { print(line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)) }
    }

    /// The terminal map, until the user quits.
    private func runScreen(_ recording: TripRecording) async throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw ValidationError("standard input must be a terminal for the map's keys: use --headless or --snapshot")
        }
        let run = ReplayRun(recording: recording, speed: ReplaySpeed(speed) ?? .realtime)
        let subscriber = TripViewSubscriber(
            tripName: recording.tripName, backendName: backendName, now: { [clock = run.clock] in clock.timestamp })
        await run.model.register(subscriber)
        let recorder = try await startRecorder(run: run, recording: recording)
        await recorder?.watch { [subscriber] text in subscriber.setRecordingProblem(text) }
        let controls = ReplayControls(run: run, recording: recording, subscriber: subscriber)
        let display = display
        let loop = loop
        let baseMap = try display.baseMap()
        try await TerminalGuard.run(options: display.terminalOptions) { terminal in
            let player = Task { await run.runInteractive(loop: loop) }
            defer { player.cancel() }
            let screen = TripApp(
                subscriber: subscriber, controls: controls,
                options: display.appOptions(colors: terminal.colorCount, isUTF8: terminal.isUTF8, baseMap: baseMap))
            await TerminalApp(terminal: terminal, screen: screen).run()
        }
        try await finish(recorder)
    }

    private func startRecorder(run: ReplayRun, recording: TripRecording) async throws -> TripRecorder? {
        guard let record else { return nil }
        let recorder = try TripRecorder(
            path: record, tripName: recording.tripName, source: "replay of \(file)",
            now: { [clock = run.clock] in clock.timestamp })
        await run.model.register(recorder)
        return recorder
    }

    private func finish(_ recorder: TripRecorder?) async throws {
        guard let recorder else { return }
        await recorder.close()
        if let error = await recorder.failureReport { throw error }
    }

    /// One line per subscriber callback, to the end of the recording.
    private func runHeadless(_ recording: TripRecording) async throws {
        let run = ReplayRun(recording: recording, speed: ReplaySpeed(speed) ?? .realtime)
        let printer = HeadlessPrinter(
            format: output.json ? .json : .text, now: { [clock = run.clock] in clock.timestamp })
        // The recorder first, as in `rider`: a printed line means its event is already in the file.
        let recorder = try await startRecorder(run: run, recording: recording)
        await TripFollowerSession.reportOnStandardError(recorder)
        await run.model.register(printer)
        await run.run(loop: loop)
        try await finish(recorder)
    }
}
