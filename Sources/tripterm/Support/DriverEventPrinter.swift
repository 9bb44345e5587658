import DriverKit
import FleetModel
import Foundation

/// `--headless` output: one line per reporter call and per driver event, for scripts and tests.
///
/// ```
/// 2026-11-23T10:00:05Z update 3 ok state=ONLINE location=43.73260,7.41900 nav=ENROUTE_TO_DESTINATION remaining=812m eta=95s
/// 2026-11-23T10:00:15Z update 4 failed UNAVAILABLE (recoverable): backend restarting
/// ```
final class DriverEventPrinter: VehicleReporterListener {
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = { Date() }) { self.now = now }

    func didSucceed(_ update: VehicleUpdate) async {
        var fields = ["update \(update.number) ok"]
        let sent = update.vehicle
        if update.updateMask.contains("vehicleState") { fields.append("state=\(sent.vehicleState.protoName)") }
        if let point = sent.lastLocation?.location { fields.append("location=\(DriverSession.text(point))") }
        if update.updateMask.contains("navigationStatus") { fields.append("nav=\(sent.navigationStatus.protoName)") }
        if let meters = sent.remainingDistanceMeters { fields.append("remaining=\(meters)m") }
        if let seconds = sent.remainingTimeSeconds { fields.append("eta=\(seconds)s") }
        if let trips = update.response?.currentTrips, !trips.isEmpty { fields.append("trips=\(trips.joined(separator: ","))") }
        line(fields.joined(separator: " "))
    }

    func didFail(_ update: VehicleUpdate, error: TripServiceError) async {
        line("update \(update.number) failed \(error.code.name) (\(error.errorClass)): \(error.message)")
    }

    /// Prints a line with the time in front, at once (output may be a pipe a script is reading).
    func line(_ text: String) {
        FileHandle.standardOutput.write(Data("\(ProtoTimestamp(now()).rfc3339) \(text)\n".utf8))
    }
}
