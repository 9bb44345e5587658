import FleetModel
import Foundation

/// `check --json`: JSON Lines, one object per trip (its report card and findings), or per finding with
/// `--findings`. Keys sorted, figures rounded, unknown figures `null`: the same input always prints the same bytes.
public enum DiagnosisJSON {
    public static func line(for trip: DiagnosedTrip) -> String {
        let card = trip.diagnosis.card
        let object: [String: JSONValue] = [
            "file": .string(trip.file),
            "inputWarnings": number(Double(trip.inputWarnings)),
            "trip": .string(card.tripName.description),
            "tripId": .string(card.tripName.tripID),
            "source": .string(card.source),
            "vehicles": .array(card.vehicles.map(JSONValue.string)),
            "statuses": .array(
                card.statuses.map { span in
                    .object([
                        "status": .string(span.status.protoName), "start": time(span.start), "end": time(span.end),
                        "seconds": seconds(span.seconds),
                    ])
                }),
            "ending": ending(card.ending),
            "drive": card.drive.map(drive) ?? .null,
            "pickupETA": outcome(card.pickup),
            "dropoffETA": outcome(card.dropoff),
            "updates": .object([
                "count": number(Double(card.updates.reports)),
                "medianIntervalSeconds": seconds(card.updates.median),
                "p95IntervalSeconds": seconds(card.updates.p95),
                "maxIntervalSeconds": seconds(card.updates.max),
            ]),
            "stops": .array(
                card.stops.map { stop in
                    .object([
                        "start": time(stop.start), "end": time(stop.end), "seconds": seconds(stop.seconds),
                        "latitude": degrees(stop.point.latitude), "longitude": degrees(stop.point.longitude),
                        "reports": number(Double(stop.reports)),
                        "near": trip.diagnosis.timeline.stopName(near: stop.point).map(JSONValue.string) ?? .null,
                    ])
                }),
            "offRoute": card.offRoute.map { episodes in
                .array(
                    episodes.map {
                        .object([
                            "start": time($0.start), "end": time($0.end),
                            "seconds": seconds($0.seconds),
                        ])
                    })
            } ?? .null,
            "findings": .array(trip.diagnosis.findings.map(finding)),
        ]
        return encode(.object(object))
    }

    /// One finding as its own object, with the file it came from.
    public static func line(for finding: Finding, file: String) -> String {
        guard case .object(var object) = Self.finding(finding) else { return "{}" }
        object["file"] = .string(file)
        return encode(.object(object))
    }

    static func finding(_ finding: Finding) -> JSONValue {
        .object([
            finding.subject.jsonKey: .string(finding.subject.description), "kind": .string(finding.kind.rawValue),
            "severity": .string(finding.severity.rawValue), "start": time(finding.start), "end": time(finding.end),
            "detail": .string(finding.detail),
        ])
    }

    private static func ending(_ ending: TripEnding) -> JSONValue {
        switch ending {
        case .ended(let status, let at, let after):
            .object([
                "status": .string(status.protoName), "time": time(at),
                "after": after.map { .string($0.protoName) } ?? .null,
            ])
        case .unfinished(let last, let dataEnds):
            .object(["status": .null, "time": time(dataEnds), "after": last.map { .string($0.protoName) } ?? .null])
        }
    }

    private static func drive(_ drive: Drive) -> JSONValue {
        .object([
            "start": time(drive.start), "startStatus": .string(drive.startStatus.protoName), "end": time(drive.end),
            "endStatus": drive.endStatus.map { .string($0.protoName) } ?? .null,
            "seconds": seconds(drive.seconds), "meters": rounded(drive.meters, places: 1),
            "averageSpeed": rounded(drive.averageSpeed, places: 2), "maxSpeed": rounded(drive.maxSpeed, places: 2),
        ])
    }

    private static func outcome(_ outcome: ETAOutcome) -> JSONValue {
        .object([
            "promisedAt": time(outcome.promise?.madeAt), "promised": time(outcome.promise?.eta),
            "arrival": time(outcome.arrival), "errorSeconds": seconds(outcome.errorSeconds),
        ])
    }

    static func time(_ time: ProtoTimestamp?) -> JSONValue { time.map { .string($0.rfc3339) } ?? .null }
    static func seconds(_ value: Double?) -> JSONValue { rounded(value, places: 3) }
    static func degrees(_ value: Double) -> JSONValue { rounded(value, places: 6) }
    private static func number(_ value: Double) -> JSONValue { .number(value) }

    static func rounded(_ value: Double?, places: Int) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return .number((value * scale).rounded() / scale)
    }

    static func encode(_ value: JSONValue) -> String {
        (try? ProtoJSON.encodeString(value)) ?? "{}"
    }
}
