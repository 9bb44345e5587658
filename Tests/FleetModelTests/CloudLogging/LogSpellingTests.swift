import FleetModel
import Foundation
import Testing

/// Cloud Logging's spellings are declared once and read both ways: what the log writer writes, the importer's
/// reading gives back as the same value.
@Suite struct LogSpellingTests {
    static func roundTrips<E: ProtoEnum>(_ type: E.Type) -> [String] {
        E.allCases.compactMap { value in
            E(protoName: value.logSpelling) == value ? nil : "\(E.self).\(value) → \(value.logSpelling)"
        }
    }

    @Test func everyEnumsLogSpellingReadsBackAsItself() {
        let broken =
            Self.roundTrips(TripStatus.self) + Self.roundTrips(TripType.self) + Self.roundTrips(WaypointType.self)
            + Self.roundTrips(VehicleState.self) + Self.roundTrips(NavigationStatus.self)
            + Self.roundTrips(LocationSensor.self) + Self.roundTrips(LocationPowerSaveMode.self)
            + Self.roundTrips(BatteryStatus.self) + Self.roundTrips(PowerSource.self)
            + Self.roundTrips(DeliveryTask.State.self) + Self.roundTrips(DeliveryTask.TaskType.self)
            + Self.roundTrips(VehicleStop.State.self) + Self.roundTrips(DeliveryVehicleNavigationStatus.self)
            + Self.roundTrips(RequestHeader.Platform.self) + Self.roundTrips(RequestHeader.SdkType.self)
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test func theLogSpellingsAreTheRealExportsOnes() {
        #expect(TripStatus.enrouteToPickup.logSpelling == "TRIP_STATUS_ENROUTE_TO_PICKUP")
        #expect(VehicleState.online.logSpelling == "VEHICLE_STATE_ONLINE")
        #expect(TripType.exclusive.logSpelling == "EXCLUSIVE_TRIP")
        #expect(WaypointType.dropOffWaypointType.logSpelling == "WAYPOINT_TYPE_DROP_OFF")
        #expect(
            LocationSensor.roadSnappedLocationProvider.logSpelling == "LOCATION_SENSOR_ROAD_SNAPPED_LOCATION_PROVIDER")
        #expect(DeliveryTask.State.open.logSpelling == "TASK_STATE_LOG_OPEN")
        #expect(RequestHeader.Platform.android.logSpelling == "PLATFORM_LOG_ANDROID")
        // An enum logs spell as the API does keeps the API's name.
        #expect(Vehicle.VehicleType.Category.auto.logSpelling == "AUTO")
    }

    @Test func aMessageWrittenInLogSpellingDecodesBackToItself() throws {
        var vehicle = Vehicle(
            name: "providers/p/vehicles/v1", vehicleState: .online, supportedTripTypes: [.exclusive, .shared],
            currentTrips: ["t1"], maximumCapacity: 4, navigationStatus: .enrouteToDestination)
        vehicle.vehicleType = Vehicle.VehicleType(category: .auto)
        var location = VehicleLocation()
        location.location = LatLng(latitude: 43.73, longitude: 7.42)
        location.heading = 20
        location.locationSensor = .gps
        vehicle.lastLocation = location
        var end = TripWaypoint()
        end.tripId = "t1"
        end.waypointType = .pickupWaypointType
        vehicle.currentRouteSegmentEndPoint = end
        let bytes = try LogJSONWriter.bytes(of: vehicle, schema: .vehicle)
        let text = String(decoding: bytes, as: UTF8.self)
        for spelling in [
            #""state":"VEHICLE_STATE_ONLINE""#, #""supportedTrips":["EXCLUSIVE_TRIP","SHARED_TRIP"]"#,
            #""navStatus":"NAVIGATION_STATUS_ENROUTE_TO_DESTINATION""#, #""locSensor":"LOCATION_SENSOR_GPS""#,
            #""type":"WAYPOINT_TYPE_PICKUP""#, #""vehicleCategory":"AUTO""#,
        ] {
            #expect(text.contains(spelling), "\(text)")
        }
        let folded = try Self.folded(JSONDecoder().decode(JSONValue.self, from: Data(bytes)))
        #expect(try LogSchema.vehicle.decode(Vehicle.self, from: folded) == vehicle)
    }

    @Test func aRequestNamesItsResourceByID() throws {
        var trip = Trip()
        trip.vehicleId = "v1"
        trip.tripStatus = .complete
        var request = UpdateTripRequest()
        request.name = "providers/p/trips/t1"
        request.trip = trip
        request.updateMask = ProtoFieldMask(text: "tripStatus")
        let logged = try LogJSONWriter.request(request)
        let text = String(decoding: logged.json, as: UTF8.self)
        #expect(text.contains(#""tripId":"t1""#) && !text.contains("providers/"), "\(text)")
        #expect(text.contains(#""trip":{"status":"TRIP_STATUS_COMPLETE","vehicleId":"v1"}"#), "\(text)")
        #expect(logged.provider == "p")
        #expect(logged.ids == ["tripId": "t1"])
    }

    @Test func theMethodsNameTheirLogs() {
        #expect(LogMethod.getTaskTrackingInfo.logID == "get_task_tracking_info")
        #expect(
            LogMethod.updateVehicle.logName(project: "p")
                == "projects/p/logs/fleetengine.googleapis.com%2Fupdate_vehicle")
        #expect(LogMethod.createTrip.payloadType == "type.googleapis.com/maps.fleetengine.v1.CreateTripLog")
        for method in LogMethod.known {
            #expect(LogMethod(payloadType: method.payloadType, logName: nil) == method)
            #expect(LogMethod(payloadType: nil, logName: method.logName(project: "p")) == method)
        }
    }

    /// The importer's view of a document: every key folded.
    static func folded(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            .object(Dictionary(uniqueKeysWithValues: members.map { (LogKeyFolding.fold($0.key), folded($0.value)) }))
        case .array(let items): .array(items.map(folded))
        default: value
        }
    }
}
