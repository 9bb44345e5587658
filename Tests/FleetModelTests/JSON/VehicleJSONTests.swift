import Foundation
import Testing

@testable import FleetModel
@testable import ProtoJSONKit

@Suite struct VehicleJSONTests {
    func json(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    /// The bodies Google's generated REST clients send (reference §9): enums as numbers.
    @Test func generatedClientBodiesDecode() throws {
        let create = try ProtoJSON.decode(
            Vehicle.self,
            from:
                #"{"vehicleState": 1, "supportedTripTypes": [2], "maximumCapacity": 4, "vehicleType": {"category": 1}}"#,
            options: .strict)
        #expect(create.vehicleState == .offline)
        #expect(create.supportedTripTypes == [.exclusive])
        #expect(create.maximumCapacity == 4)
        #expect(create.vehicleType?.category == .auto)
        let update = try ProtoJSON.decode(
            Vehicle.self,
            from:
                #"{"vehicleState": 2, "lastLocation": {"location": {"latitude": 37.7749, "longitude": -122.4194}, "heading": 90, "updateTime": "2025-01-01T00:00:00.500Z", "speed": 8.5}}"#,
            options: .strict)
        #expect(update.vehicleState == .online)
        #expect(update.lastLocation?.heading == 90)
        #expect(update.lastLocation?.updateTime == ProtoTimestamp(seconds: 1_735_689_600, nanos: 500_000_000))
    }

    @Test func fullVehicleRoundTrips() throws {
        var v = Vehicle(
            name: "providers/p/vehicles/v", vehicleState: .online, supportedTripTypes: [.exclusive, .shared],
            maximumCapacity: 4, vehicleType: Vehicle.VehicleType(category: .taxi))
        v.currentTrips = ["t1"]
        v.licensePlate = LicensePlate(countryCode: "MC", lastCharacter: "7")
        v.attributes = [VehicleAttribute(key: "colour", value: "blue", vehicleAttributeValue: .stringValue("blue"))]
        v.currentRouteSegment = "AhYFIoF_XZ6GAPV1plu2AYQNAA=="
        v.currentRouteSegmentTraffic = TrafficPolylineData(
            trafficRendering: VisualTrafficReportPolylineRendering(roadStretch: [
                VisualTrafficReportPolylineRendering.RoadStretch(style: .trafficJam, offsetMeters: 10, lengthMeters: 20)
            ]))
        v.remainingDistanceMeters = 0
        v.remainingTimeSeconds = 120
        v.navigationStatus = .enrouteToDestination
        v.deviceSettings = DeviceSettings(
            locationPowerSaveMode: .locationModeForegroundOnly, isInteractive: true,
            batteryInfo: BatteryInfo(
                batteryStatus: .batteryStatusCharging, powerSource: .powerSourceUsb, batteryPercentage: 55.5))
        v.waypoints = [
            TripWaypoint(
                location: TerminalLocation(point: LatLng(latitude: 43.7, longitude: 7.4)), tripId: "t1",
                waypointType: .dropOffWaypointType)
        ]
        let data = try ProtoJSON.encode(v)
        #expect(try ProtoJSON.decode(Vehicle.self, from: data, options: .strict) == v)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""remainingDistanceMeters":0"#))
        #expect(text.contains(#""style":"TRAFFIC_JAM""#))
        #expect(text.contains(#""batteryPercentage":55.5"#))
    }

    @Test func cloudLoggingEnumSpellingsAreAccepted() throws {
        let text =
            #"{"vehicleState": "VEHICLE_STATE_ONLINE", "navigationStatus": "NAVIGATION_STATUS_ENROUTE_TO_DESTINATION", "currentRouteSegmentTraffic": {"trafficRendering": {"roadStretch": [{"style": "STYLE_SLOWER_TRAFFIC", "offsetMeters": 1639, "lengthMeters": 189}]}}, "deviceSettings": {"batteryInfo": {"batteryStatus": "BATTERY_STATUS_LOG_CHARGING", "powerSource": "POWER_SOURCE_LOG_AC"}, "locationPowerSaveMode": "LOCATION_POWER_SAVE_MODE_LOG_NO_CHANGE"}, "waypoints": [{"waypointType": "WAYPOINT_TYPE_DROP_OFF"}]}"#
        let v = try ProtoJSON.decode(Vehicle.self, from: text)
        #expect(v.vehicleState == .online)
        #expect(v.navigationStatus == .enrouteToDestination)
        #expect(v.currentRouteSegmentTraffic?.trafficRendering?.roadStretch.first?.style == .slowerTraffic)
        #expect(v.deviceSettings?.batteryInfo?.batteryStatus == .batteryStatusCharging)
        #expect(v.deviceSettings?.batteryInfo?.powerSource == .powerSourceAc)
        #expect(v.deviceSettings?.locationPowerSaveMode == .locationModeNoChange)
        #expect(v.waypoints.first?.waypointType == .dropOffWaypointType)
    }

    @Test func int64IsWrittenAsAStringAndReadFromEither() throws {
        struct Count: ProtoMessage {
            var totalSize: Int64
            init(totalSize: Int64) { self.totalSize = totalSize }
            init(from decoder: any Decoder) throws { totalSize = try ProtoReader(decoder)("totalSize", default: 0) }
            func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {
                try w.put("totalSize", totalSize)
            }
        }
        #expect(try ProtoJSON.encodeString(Count(totalSize: 12_345_678_901)) == #"{"totalSize":"12345678901"}"#)
        #expect(try ProtoJSON.decode(Count.self, from: #"{"totalSize": "12345678901"}"#).totalSize == 12_345_678_901)
        #expect(try ProtoJSON.decode(Count.self, from: #"{"totalSize": 42}"#).totalSize == 42)
    }
}
