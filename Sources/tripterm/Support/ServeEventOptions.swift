import ArgumentParser
import CommandProfiles
import FleetEvents
import FleetServer
import Foundation

/// `serve`'s events options (docs/server.md, "Events"): any of them turns events on. Every value is checked before
/// the server starts, so a bad URL, geofence, events file or secret file stops it with a message instead. The
/// events file gives thresholds and geofences; the command line's `--not-updating` and `--geofence` win over it.
struct ServeEventOptions: ParsableArguments {
    @Option(
        name: .customLong("events-url"),
        help: ArgumentHelp(
            "POST every event to this receiver, signed as Standard Webhooks do (repeatable).", valueName: "url"))
    var urls: [String] = []

    @Option(
        name: .customLong("events-secret-file"),
        help: ArgumentHelp(
            "The webhook signing secret: whsec_<base64>, or any other text used as it is.", valueName: "file"))
    var secretFile: String?

    @Option(
        name: .customLong("not-updating"),
        help: ArgumentHelp(
            "An ONLINE vehicle with no location report for this long is not updating (default 60).",
            valueName: "seconds"))
    var notUpdating: Double?

    @Option(
        name: .customLong("geofence"),
        help: ArgumentHelp(
            "A named geofence, latitude first: 'depot=CIRCLE (43.73 7.42, 150)', POLYGON ((lat lon, …)) or LINESTRING (lat lon, …) [half width m] (repeatable).",
            valueName: "name=wkt"))
    var geofences: [String] = []

    @Option(
        name: .customLong("events-config"),
        help: ArgumentHelp(
            "A TOML file of event thresholds and [geofences] (docs/server.md, Events); flags win over it.",
            valueName: "file"))
    var configFile: String?

    @Flag(name: .customLong("events"), help: "Record events even with no receiver (read them with tripterm events).")
    var recordsEvents = false

    /// Whether any option asks for events.
    var isOn: Bool {
        !urls.isEmpty || !geofences.isEmpty || recordsEvents || notUpdating != nil || secretFile != nil
            || configFile != nil
    }

    func validate() throws {
        _ = try parsed(readingSecret: true)
    }

    /// The configuration the options describe, nil when none was given.
    func configuration() throws -> EventConfiguration? {
        guard isOn else { return nil }
        return try parsed(readingSecret: true)
    }

    private func parsed(readingSecret: Bool) throws -> EventConfiguration {
        var configuration = EventConfiguration()
        do {
            configuration.urls = try urls.map(EventConfiguration.receiverURL)
        } catch {
            throw ValidationError("--events-url \(error.message)")
        }
        if let configFile {
            let file: EventsConfigFile
            do { file = try EventsConfigFile.load(path: configFile) } catch let error as ConfigError {
                throw ValidationError("--events-config \(error)")
            }
            configuration.thresholds = file.thresholds
            configuration.geofences = file.geofences
            if let notUpdating = file.notUpdating { configuration.notUpdating = notUpdating }
            if let maxInFlight = file.maxInFlight { configuration.maxInFlight = maxInFlight }
        }
        var names = Set<String>()
        for definition in geofences {
            let fence: Geofence
            do { fence = try Geofence(parsing: definition) } catch {
                throw ValidationError("--geofence \(error.message)")
            }
            guard names.insert(fence.name).inserted else {
                throw ValidationError("--geofence \(fence.name) is defined twice")
            }
            // One of the file's by this name gives way.
            configuration.geofences.removeAll { $0.name == fence.name }
            configuration.geofences.append(fence)
        }
        if let notUpdating {
            guard notUpdating > 0, notUpdating.isFinite else {
                throw ValidationError("--not-updating must be a number of seconds above 0, not \(notUpdating)")
            }
            configuration.notUpdating = .milliseconds(Int64(notUpdating * 1000))
        }
        if readingSecret, let secretFile {
            do { configuration.secret = try WebhookSecret(file: secretFile) } catch {
                throw ValidationError("--events-secret-file \(error.message)")
            }
        }
        return configuration
    }
}
