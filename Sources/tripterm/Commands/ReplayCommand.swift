import ArgumentParser
import FleetModel
import Foundation
import TripFollowing

/// `tripterm replay FILE`: replays a recorded trip through the same model and subscribers as a live one.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recorded trip: a trip file, a Fleet Engine Cloud Logging export, a GPX track or GeoJSON.",
        discussion: """
            Until the terminal map arrives, replay prints one line per subscriber callback (the same lines as \
            --headless). Inputs may be gzip-compressed; the format is recognised from the content.
            """
    )

    @Argument(help: "The file to replay.")
    var file: String

    @Flag(help: "Print one line per subscriber callback instead of drawing a map.")
    var headless = false

    @Flag(help: "With --headless: print JSON Lines ({\"time\", \"callback\", \"value\"}) instead of text.")
    var json = false

    @Option(help: "Replay speed: a factor from 0.5 to 1000 (e.g. 10 or x10), or 'max' for as fast as possible.")
    var speed: String = "1"

    @Option(help: "The trip to replay, by id (or a unique prefix) or full name, when the file holds several.")
    var trip: String?

    @Flag(help: "List the trips in the file (id, status path, time span, number of updates) and exit.")
    var list = false

    @Flag(help: "Start again from the beginning at the end, until interrupted.")
    var loop = false

    @Option(help: "Also record what the replay shows to this trip file.")
    var record: String?

    func validate() throws {
        guard ReplaySpeed(speed) != nil else {
            throw ValidationError("--speed must be a number from 0.5 to 1000 or 'max', not '\(speed)'")
        }
    }

    func run() async throws {
        let loaded = try RecordingLoader.load(path: file)
        for warning in loaded.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
        if list {
            print(TripListing.table(loaded.recordings))
            return
        }
        let recording = try RecordingLoader.select(loaded, trip: trip, path: file)
        let run = ReplayRun(recording: recording, speed: ReplaySpeed(speed) ?? .realtime)
        let printer = HeadlessPrinter(format: json ? .json : .text, now: { [clock = run.clock] in clock.timestamp })
        await run.model.register(printer)
        var recorder: TripRecorder?
        if let record {
            let r = try TripRecorder(path: record, tripName: recording.tripName, source: "replay of \(file)", now: { [clock = run.clock] in clock.timestamp })
            await run.model.register(r)
            recorder = r
        }
        await run.run(loop: loop)
        if let recorder {
            await recorder.close()
            if let error = await recorder.writeError { throw error }
        }
    }
}
