import FleetModel
import Testing
import TripDiagnosis
import TripRecordings

/// A van's day gets the finding kinds that apply to a vehicle's reports — the same detectors as a trip's — and
/// `eta-jump` per stop: an ordinary day has none; each planted anomaly is found where it was planted.
@Suite struct VanFindingsTests {
    /// A van reporting every 10 s, stops included: 1 km north at 10 m/s to stop A, three minutes there, 1 km further
    /// to stop B, three minutes there. The driver's ETA to each stop is right.
    struct VanScript {
        static let t0 = ProtoTimestamp(seconds: 1_800_000_000)
        static let origin = LatLng(latitude: 43.73, longitude: 7.42)
        static func at(_ seconds: Double) -> ProtoTimestamp { t0 + .milliseconds(Int64(seconds * 1000)) }
        static func north(_ meters: Double) -> LatLng { Geo.destination(from: origin, bearing: 0, distance: meters) }

        static let stopA = VehicleStop(
            plannedLocation: LocationInfo(point: north(1000)), tasks: [.init(taskId: "t-a")], state: .enroute)
        static let stopB = VehicleStop(
            plannedLocation: LocationInfo(point: north(2000)), tasks: [.init(taskId: "t-b")], state: .new)

        var reportTimes = Array(stride(from: 0.0, through: 640, by: 10))
        var position: (Double) -> LatLng = VanScript.cleanPosition
        /// Added to the driver's remaining time at a moment, in seconds.
        var etaShift: (Double) -> Double = { _ in 0 }

        static func cleanPosition(_ t: Double) -> LatLng {
            switch t {
            case ..<100: north(10 * t)
            case ..<280: north(1000)
            case ..<380: north(1000 + 10 * (t - 280))
            default: north(2000)
            }
        }

        /// The stops after a moment, and the time to the first of them while driving.
        func plan(at t: Double) -> (stops: [VehicleStop], remaining: Double?) {
            var a = Self.stopA, b = Self.stopB
            switch t {
            case ..<100: return ([a, b], 100 - t)
            case ..<280:
                a.state = .arrived
                return ([a, b], nil)
            case ..<380:
                b.state = .enroute
                return ([b], 380 - t)
            default:
                b.state = .arrived
                return (t < 560 ? [b] : [], nil)
            }
        }

        var day: DeliveryRecording {
            let reports = reportTimes.map { t in
                var vehicle = DeliveryVehicle(name: "providers/p/deliveryVehicles/van-1")
                vehicle.lastLocation = DeliveryVehicleLocation(
                    location: position(t), updateTime: Self.at(t), serverTime: Self.at(t))
                let (stops, remaining) = plan(at: t)
                return DeliveryVanReport(
                    time: Self.at(t), vehicle: vehicle, stops: stops,
                    remainingDuration: remaining.map { ProtoDuration(seconds: Int64($0 + etaShift(t))) })
            }
            let van = DeliveryVanDay(vehicleId: "van-1", name: "providers/p/deliveryVehicles/van-1", reports: reports)
            return DeliveryRecording(source: "van script", vans: [van])
        }

        var findings: [Finding] { Diagnoser().diagnose(day.vans[0], in: day).findings }
    }

    @Test func anOrdinaryDayHasNoFindings() {
        let diagnosis = Diagnoser().diagnose(VanScript().day.vans[0], in: VanScript().day)
        #expect(diagnosis.findings == [])
        // The waits at the stops are stays the card knows, not dwells.
        #expect(diagnosis.card.served.map(\.taskIDs) == [["t-a"], ["t-b"]])
        #expect(DwellDetector.dwells(in: diagnosis.timeline, thresholds: .init()).count == 2)
    }

    @Test func aSilenceIsMissingUpdates() {
        var script = VanScript()
        script.reportTimes.removeAll { $0 > 120 && $0 < 250 }
        let found = script.findings
        #expect(found.map(\.kind) == [.missingUpdates])
        #expect(found.first?.subject.description == "providers/p/deliveryVehicles/van-1")
        #expect(found.first?.start == VanScript.at(120))
    }

    @Test func aTeleportIsOneSpeedJump() {
        var script = VanScript()
        script.position = { t in t == 300 ? VanScript.north(9000) : VanScript.cleanPosition(t) }
        #expect(script.findings.map(\.kind) == [.speedJump])
    }

    @Test func aStayAwayFromEveryStopIsADwell() {
        var script = VanScript()
        // Parked 500 m short of stop B for three minutes; everything after runs three minutes late.
        script.reportTimes = Array(stride(from: 0.0, through: 820, by: 10))
        script.position = { t in
            switch t {
            case ..<330: VanScript.cleanPosition(t)
            case ..<510: VanScript.north(1500)
            default: VanScript.cleanPosition(t - 180)
            }
        }
        let found = script.findings.filter { $0.kind == .dwell }
        #expect(found.map(\.start) == [VanScript.at(330)])
    }

    @Test func theDriversETAMovingFiveMinutesIsAJump() {
        var script = VanScript()
        script.etaShift = { t in t >= 320 ? 400 : 0 }
        let found = script.findings
        #expect(found.map(\.kind) == [.etaJump])
        #expect(found.first?.detail.hasPrefix("ETA to the stop of t-b moved +6 min 40 s") == true)
    }

    /// A log may name a van by an id Fleet Engine would refuse (`van 7/b`): its day is still diagnosed, under that
    /// name, rather than stopping `check`.
    @Test func aVanWithAnIdFleetEngineWouldRefuseIsStillDiagnosed() {
        var script = VanScript()
        script.reportTimes.removeAll { $0 > 120 && $0 < 250 }
        let day = script.day
        var van = day.vans[0]
        van.vehicleId = "van 7/b"
        van.name = "van 7/b"
        let diagnosis = Diagnoser().diagnose(van, in: day)
        #expect(diagnosis.findings.map(\.kind) == [.missingUpdates])
        #expect(diagnosis.findings.first?.subject.id == "van 7/b")
        #expect(diagnosis.card.vehicleName == "van 7/b")
    }
}
