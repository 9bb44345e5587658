import FleetEvents
import FleetModel
import Testing

/// The detectors are pure functions of before and after: what the server runs in each write, and what
/// `tripterm check` can run over a recording.
@Suite struct DetectorTests {
    let inside = LatLng(latitude: 43.7394, longitude: 7.4276)
    let outside = LatLng(latitude: 43.7300, longitude: 7.4100)
    let fences = [
        Geofence(
            name: "casino", shape: .circle(center: LatLng(latitude: 43.7394, longitude: 7.4276), radiusMeters: 100)),
        Geofence(name: "big", shape: .circle(center: LatLng(latitude: 43.7394, longitude: 7.4276), radiusMeters: 5000)),
    ]

    func vehicle(
        _ state: VehicleState = .online, at point: LatLng? = nil, time: Int64 = 100, eta: Int64? = nil,
        stop: WaypointType = .pickupWaypointType
    ) -> Vehicle {
        var vehicle = Vehicle(name: "providers/p/vehicles/v1", vehicleState: state)
        if let point {
            vehicle.lastLocation = VehicleLocation(
                location: point, updateTime: ProtoTimestamp(seconds: time), serverTime: ProtoTimestamp(seconds: time))
        }
        if let eta {
            vehicle.etaToFirstWaypoint = ProtoTimestamp(seconds: eta)
            vehicle.waypoints = [
                TripWaypoint(location: TerminalLocation(point: outside), tripId: "t1", waypointType: stop)
            ]
        }
        return vehicle
    }

    @Test func aTripStatusChangeIsOneEventAndANewTripCountsFromNone() {
        var trip = Trip(name: "providers/p/trips/t1", vehicleId: "v1", tripStatus: .new)
        let created = TripEvents.detect(before: nil, after: trip)
        #expect(created.map(\.kind) == [.tripStatus])
        #expect(created.first?.before == nil)
        #expect(created.first?.vehicle == "providers/p/vehicles/v1")
        let old = trip
        trip.tripStatus = .enrouteToPickup
        let moved = TripEvents.detect(before: old, after: trip)
        #expect(moved.first?.before == .object(["tripStatus": .string("NEW")]))
        #expect(moved.first?.after == .object(["tripStatus": .string("ENROUTE_TO_PICKUP")]))
        #expect(TripEvents.detect(before: trip, after: trip).isEmpty)
    }

    @Test func goingOnlineAndOfflineAreVehicleStateEvents() {
        let online = VehicleEvents.detect(before: vehicle(.offline), after: vehicle(.online), geofences: [])
        #expect(online.map(\.kind) == [.vehicleState])
        #expect(online.first?.after == .object(["vehicleState": .string("ONLINE")]))
        #expect(VehicleEvents.detect(before: vehicle(), after: vehicle(), geofences: []).isEmpty)
    }

    @Test func crossingAFenceIsAnEnterOrAnExitExitsFirst() {
        let entering = VehicleEvents.detect(
            before: vehicle(at: outside, time: 1), after: vehicle(at: inside, time: 2), geofences: fences)
        #expect(entering.map(\.kind) == [.geofenceEnter])
        #expect(entering.map(\.geofence) == ["casino"])
        let far = LatLng(latitude: 44.0, longitude: 7.4276)
        let leaving = VehicleEvents.detect(
            before: vehicle(at: inside, time: 2), after: vehicle(at: far, time: 3), geofences: fences)
        #expect(leaving.map(\.kind) == [.geofenceExit, .geofenceExit])
        // A fix older than the one stored moves nothing.
        #expect(
            VehicleEvents.detect(
                before: vehicle(at: inside, time: 5), after: vehicle(at: far, time: 4), geofences: fences
            ).isEmpty)
        // A new vehicle is outside every fence until its first location.
        #expect(
            VehicleEvents.detect(before: nil, after: vehicle(at: inside), geofences: fences).map(\.kind)
                == [.vehicleState, .geofenceEnter, .geofenceEnter])
    }

    @Test func aTaskOutcomeSetIsAnEvent() {
        var task = DeliveryTask(name: "providers/p/tasks/k1", deliveryVehicleId: "d1")
        #expect(TaskEvents.detect(before: nil, after: task).isEmpty)
        let open = task
        task.taskOutcome = .succeeded
        let events = TaskEvents.detect(before: open, after: task)
        #expect(events.map(\.kind) == [.taskOutcome])
        #expect(events.first?.vehicle == "providers/p/deliveryVehicles/d1")
        #expect(events.first?.after == .object(["taskOutcome": .string("SUCCEEDED")]))
    }

    @Test func silenceIsJudgedFromTheLastReport() {
        let threshold = Duration.seconds(60)
        let reported = vehicle(at: inside, time: 1000)
        func judge(_ v: Vehicle?, silent: Bool, at now: Int64) -> VehicleSilence.Verdict {
            VehicleSilence.judge(v, silent: silent, now: ProtoTimestamp(seconds: now), threshold: threshold)
        }
        #expect(judge(reported, silent: false, at: 1050) == .unchanged)
        #expect(judge(reported, silent: false, at: 1061) == .wentSilent)
        #expect(judge(reported, silent: true, at: 1061) == .unchanged)
        #expect(judge(vehicle(at: inside, time: 1070), silent: true, at: 1071) == .resumed)
        #expect(judge(vehicle(.offline, at: inside, time: 1000), silent: true, at: 2000) == .released)
        #expect(judge(nil, silent: true, at: 2000) == .released)
        #expect(judge(vehicle(.offline, at: inside, time: 1000), silent: false, at: 2000) == .unchanged)
        let event = VehicleSilence.event(.wentSilent, vehicle: reported, now: ProtoTimestamp(seconds: 1061))
        #expect(event?.kind == .vehicleNotUpdating)
    }

    @Test func anEventReadsAsOneLine() {
        let record = FleetEventRecord(
            id: 7, provider: "p", time: ProtoTimestamp(seconds: 0),
            event: DetectedEvent(
                kind: .tripStatus, trip: "providers/p/trips/t1", before: .object(["tripStatus": .string("NEW")]),
                after: .object(["tripStatus": .string("COMPLETE")])))
        #expect(record.line(json: false) == "#7 1970-01-01T00:00:00Z trip-status providers/p/trips/t1: NEW → COMPLETE")
        #expect(
            record.line(json: true)
                == #"{"after":{"tripStatus":"COMPLETE"},"before":{"tripStatus":"NEW"},"eventId":7,"provider":"p","timestamp":"1970-01-01T00:00:00Z","trip":"providers/p/trips/t1","type":"trip-status"}"#
        )
    }
}
