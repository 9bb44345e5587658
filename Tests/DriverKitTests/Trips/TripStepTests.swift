import DriverKit
import FleetModel
import Testing

@Suite struct TripStepTests {
    static func trip(_ status: TripStatus, stops: Int = 0, index: Int32 = 0) -> Trip {
        var trip = Trip(tripStatus: status)
        trip.intermediateDestinations = Array(
            repeating: TerminalLocation(point: LatLng(latitude: 43.73, longitude: 7.42)), count: stops)
        trip.intermediateDestinationIndex = index
        return trip
    }

    @Test func walksPickupIntermediateStopsAndDropoff() {
        var trip = Self.trip(.new, stops: 2)
        var seen: [String] = []
        while let step = TripStep.next(after: trip) {
            trip.tripStatus = step.status
            if let index = step.intermediateDestinationIndex { trip.intermediateDestinationIndex = index }
            seen.append(step.status.protoName + (step.intermediateDestinationIndex.map { "#\($0)" } ?? ""))
        }
        #expect(
            seen == [
                "ENROUTE_TO_PICKUP", "ARRIVED_AT_PICKUP", "ENROUTE_TO_INTERMEDIATE_DESTINATION#0",
                "ARRIVED_AT_INTERMEDIATE_DESTINATION", "ENROUTE_TO_INTERMEDIATE_DESTINATION#1",
                "ARRIVED_AT_INTERMEDIATE_DESTINATION", "ENROUTE_TO_DROPOFF", "COMPLETE",
            ])
        #expect(TripStep.next(after: Self.trip(.canceled)) == nil)
    }

    @Test func updateNamesOnlyWhatChanges() {
        #expect(TripStep(status: .arrivedAtPickup).update.updateMask == ["tripStatus"])
        let step = TripStep(status: .enrouteToIntermediateDestination, intermediateDestinationIndex: 1)
        #expect(step.update.updateMask == ["tripStatus", "intermediateDestinationIndex"])
        #expect(step.update.trip.intermediateDestinationIndex == 1)
        #expect(TripStep.cancel.update.trip.tripStatus == .canceled)
    }
}
