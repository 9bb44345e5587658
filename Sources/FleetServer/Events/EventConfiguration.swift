import FleetEvents
import FleetModel
import Foundation

/// What `serve` records as events and where it sends them (docs/server.md, "Events"): the receivers' URLs, the
/// signing secret, the geofences and the thresholds. With a configuration the store records every event in the
/// same transaction as the write that caused it; without one it records none.
public struct EventConfiguration: Sendable {
    /// Where each event is POSTed, every URL getting every event in order.
    public var urls: [URL]
    /// The HMAC-SHA256 key webhooks are signed with (``WebhookSecret``); nil sends them unsigned.
    public var secret: WebhookSecret?
    /// An ONLINE vehicle with no location report for this long is not updating.
    public var notUpdating: Duration
    public var geofences: [Geofence]
    /// When the ETA, time-remaining and distance-remaining events fire (Google's reference solution's by default).
    public var thresholds: EventThresholds
    /// A receiver that has not answered within this long is cut off and retried.
    public var deliveryTimeout: Duration
    /// The first retry's delay; each failure doubles it, up to ``maximumRetryDelay``.
    public var firstRetryDelay: Duration
    public var maximumRetryDelay: Duration
    /// How often a receiver that is up to date looks for new events.
    public var pollInterval: Duration
    /// How many posts to one receiver may be under way at once, each for events that share no vehicle, trip or
    /// task with another's (``WebhookDelivery``); 1 sends one event at a time, in id order.
    public var maxInFlight: Int

    public init(
        urls: [URL] = [], secret: WebhookSecret? = nil, notUpdating: Duration = VehicleSilence.expectedReportInterval,
        geofences: [Geofence] = [], thresholds: EventThresholds = EventThresholds(),
        deliveryTimeout: Duration = .seconds(10),
        firstRetryDelay: Duration = .seconds(1), maximumRetryDelay: Duration = .seconds(300),
        pollInterval: Duration = .milliseconds(100), maxInFlight: Int = 32
    ) {
        self.urls = urls
        self.secret = secret
        self.notUpdating = notUpdating
        self.geofences = geofences
        self.thresholds = thresholds
        self.deliveryTimeout = deliveryTimeout
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.pollInterval = pollInterval
        self.maxInFlight = maxInFlight
    }

    /// A receiver's URL as `--events-url` takes it: absolute, http or https, with a host.
    public static func receiverURL(_ text: String) throws(EventConfigurationError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw EventConfigurationError("\"\(text)\" is not a URL with a scheme (http://… or https://…)")
        }
        guard scheme == "http" || scheme == "https" else {
            throw EventConfigurationError("\"\(text)\": the scheme must be http or https, not \(scheme)")
        }
        guard let host = url.host, !host.isEmpty else { throw EventConfigurationError("\"\(text)\" has no host") }
        return url
    }
}

/// Why the events' configuration was refused, in a sentence.
public struct EventConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
