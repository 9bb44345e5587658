import Foundation
import Testing

@testable import FleetModel
@testable import ProtoJSONKit

@Suite struct TripJSONTests {
    func json(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }
    func json(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }

    @Test func canonicalTripDecodesEveryField() throws {
        let trip = try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)
        #expect(trip.name == "providers/my-project/trips/trip-1")
        #expect(trip.vehicleId == "Vehicle_1")
        #expect(trip.tripStatus == .enrouteToPickup)
        #expect(trip.tripType == .exclusive)
        #expect(trip.pickupPoint?.point == LatLng(latitude: 37.34471314799388, longitude: -122.06790357828139))
        #expect(trip.pickupTime == ProtoTimestamp(seconds: 1_738_775_005, nanos: 81_409_000))
        #expect(trip.numberOfPassengers == 1)
        #expect(trip.lastLocation?.heading == 0)
        #expect(trip.lastLocation?.speed == 0)
        #expect(trip.lastLocation?.locationSensor == .roadSnappedLocationProvider)
        #expect(trip.lastLocation?.isRoadSnapped == true)
        #expect(trip.lastLocation?.latlngAccuracy == 2.29)
        #expect(trip.remainingDistanceMeters == 169)
        #expect(trip.remainingWaypoints.count == 1)
        #expect(trip.remainingWaypoints[0].waypointType == .pickupWaypointType)
        #expect(trip.remainingWaypoints[0].duration == ProtoDuration(seconds: 53, nanos: 76_652_000))
        #expect(trip.remainingWaypoints[0].distanceMeters == 169)
        #expect(trip.currentRouteSegment == "AhYFIoF_XZ6GAPV1plu2AYQNAA==")
        #expect(trip.currentRouteSegmentVersion?.rfc3339 == "2025-02-05T17:02:32.430Z")
        #expect(trip.currentRouteSegmentTraffic?.speedReadingInterval.first?.startPolylinePointIndex == 0)
        #expect(trip.currentRouteSegmentTraffic?.speedReadingInterval.last?.speed == .trafficJam)
        #expect(trip.lastLocationSnappable)
        #expect(trip.view == .journeySharingV1S)
        #expect(trip.attributes == [TripAttribute(key: "fare_class", tripAttributeValue: .stringValue("standard"))])
    }

    @Test func canonicalTripRoundTripsToTheSameJSON() throws {
        let trip = try ProtoJSON.decode(Trip.self, from: canonicalTripJSON)
        let encoded = try ProtoJSON.encode(trip)
        #expect(try json(encoded) == json(canonicalTripJSON))
        #expect(try ProtoJSON.decode(Trip.self, from: encoded) == trip)
    }

    @Test func protoSnakeCaseNamesAreAcceptedAndCamelCaseIsWritten() throws {
        let trip = try ProtoJSON.decode(
            Trip.self,
            from: """
                {"trip_status": "NEW", "pickup_point": {"point": {"latitude": 1, "longitude": 2}},
                 "remaining_distance_meters": 0, "last_location": {"speed_accuracy": 1.5}}
                """)
        #expect(trip.tripStatus == .new)
        #expect(trip.pickupPoint?.point == LatLng(latitude: 1, longitude: 2))
        #expect(trip.remainingDistanceMeters == 0)
        #expect(trip.lastLocation?.speedAccuracy == 1.5)
        let out = try ProtoJSON.encodeString(trip)
        #expect(out.contains("\"remainingDistanceMeters\":0"))
        #expect(out.contains("\"speedAccuracy\":1.5"))
        #expect(!out.contains("_"))
    }

    @Test func enumsAreReadAsNamesOrNumbersAndWrittenAsNamesUnlessAskedForNumbers() throws {
        let byNumber = try ProtoJSON.decode(Trip.self, from: #"{"tripStatus": 4, "tripType": 2, "view": 2}"#)
        #expect(byNumber.tripStatus == .enrouteToDropoff)
        #expect(byNumber.tripType == .exclusive)
        let names = try json(ProtoJSON.encode(byNumber))
        #expect(
            try names
                == json(
                    #"{"tripStatus": "ENROUTE_TO_DROPOFF", "tripType": "EXCLUSIVE", "view": "JOURNEY_SHARING_V1S"}"#))
        let numbers = try json(ProtoJSON.encode(byNumber, options: .init(enumsAsIntegers: true)))
        #expect(try numbers == json(#"{"tripStatus": 4, "tripType": 2, "view": 2}"#))
    }

    @Test func defaultScalarsAndEnumsAreOmittedButSetWrappersAreWrittenAtZero() throws {
        var location = VehicleLocation(location: LatLng(latitude: 0, longitude: 0), heading: 0, speed: 0)
        location.isRoadSnapped = false
        let out = try json(ProtoJSON.encode(location))
        #expect(try out == json(#"{"location": {}, "heading": 0, "speed": 0, "isRoadSnapped": false}"#))
        #expect(try ProtoJSON.encodeString(Trip()) == "{}")
    }

    @Test func nullReadsAsUnset() throws {
        let trip = try ProtoJSON.decode(
            Trip.self, from: #"{"remainingDistanceMeters": null, "route": null, "tripStatus": null}"#)
        #expect(trip.remainingDistanceMeters == nil)
        #expect(trip.route.isEmpty)
        #expect(trip.tripStatus == .unknownTripStatus)
    }

    @Test func unknownFieldsAreIgnoredByDefaultAndRejectedWhenStrict() throws {
        let text = #"{"tripStatus": "NEW", "futureField": {"x": 1}, "pickupPoint": {"point": {}, "extra": 1}}"#
        #expect(try ProtoJSON.decode(Trip.self, from: text).tripStatus == .new)
        #expect(throws: ProtoJSONError(path: "futureField", message: "unknown field \"futureField\"")) {
            try ProtoJSON.decode(Trip.self, from: #"{"futureField": 1}"#, options: .strict)
        }
        #expect(throws: ProtoJSONError(path: "pickupPoint.extra", message: "unknown field \"extra\"")) {
            try ProtoJSON.decode(Trip.self, from: #"{"pickupPoint": {"point": {}, "extra": 1}}"#, options: .strict)
        }
    }

    @Test func unknownEnumValuesFailWithTheFieldNamedUnlessLenient() throws {
        do {
            _ = try ProtoJSON.decode(Trip.self, from: #"{"remainingWaypoints": [{"waypointType": "TELEPORT"}]}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.path == "remainingWaypoints[0].waypointType")
            #expect(error.message.contains("unknown WaypointType value \"TELEPORT\""))
        }
        #expect(throws: ProtoJSONError.self) { try ProtoJSON.decode(Trip.self, from: #"{"tripStatus": 99}"#) }
        let lenient = try ProtoJSON.decode(
            Trip.self, from: #"{"tripStatus": "WARPING", "tripType": 99}"#, options: .lenient)
        #expect(lenient.tripStatus == .unknownTripStatus)
        #expect(lenient.tripType == .unknownTripType)
    }

    @Test func wrongTypesNameTheFieldAndWhatWasExpected() throws {
        #expect(throws: ProtoJSONError(path: "numberOfPassengers", message: "expected an integer, got \"two\"")) {
            try ProtoJSON.decode(Trip.self, from: #"{"numberOfPassengers": "two"}"#)
        }
        #expect(throws: ProtoJSONError(path: "pickupPoint", message: "expected an object")) {
            try ProtoJSON.decode(Trip.self, from: #"{"pickupPoint": 3}"#)
        }
        do {
            _ = try ProtoJSON.decode(Trip.self, from: #"{"remainingWaypoints": [{}, {"eta": "yesterday"}]}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.path == "remainingWaypoints[1].eta")
            #expect(error.message.contains("invalid Timestamp \"yesterday\""))
        }
        do {
            _ = try ProtoJSON.decode(Trip.self, from: "{not json")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("not valid JSON"))
        }
    }

    @Test func int32AcceptsNumbersIntegralFloatsAndDecimalStrings() throws {
        let a = try ProtoJSON.decode(Trip.self, from: #"{"numberOfPassengers": "3", "remainingDistanceMeters": 12.0}"#)
        #expect(a.numberOfPassengers == 3)
        #expect(a.remainingDistanceMeters == 12)
        #expect(throws: ProtoJSONError.self) { try ProtoJSON.decode(Trip.self, from: #"{"numberOfPassengers": 1.5}"#) }
        #expect(throws: ProtoJSONError.self) {
            try ProtoJSON.decode(Trip.self, from: #"{"numberOfPassengers": 3000000000}"#)
        }
    }

    @Test func doublesAcceptNonFiniteSpellingsAndWriteThemBack() throws {
        let loc = try ProtoJSON.decode(
            VehicleLocation.self, from: #"{"speed": "NaN", "altitude": "-Infinity", "latlngAccuracy": "2.5"}"#)
        #expect(loc.speed?.isNaN == true)
        #expect(loc.altitude == -.infinity)
        #expect(loc.latlngAccuracy == 2.5)
        let out = try json(ProtoJSON.encode(loc))
        #expect(try out == json(#"{"speed": "NaN", "altitude": "-Infinity", "latlngAccuracy": 2.5}"#))
    }

    @Test func caseInsensitiveKeysReadCloudLoggingSpellings() throws {
        let text =
            #"{"tripstatus": "TRIP_STATUS_ARRIVED_AT_PICKUP", "triptype": "EXCLUSIVE_TRIP", "currentroutesegment": "abc", "lastlocation": {"locsensor": "x", "locationsensor": "LOCATION_SENSOR_GPS"}}"#
        let options = ProtoJSONDecodingOptions(caseInsensitiveKeys: true)
        let trip = try ProtoJSON.decode(Trip.self, from: text, options: options)
        #expect(trip.tripStatus == .arrivedAtPickup)
        #expect(trip.tripType == .exclusive)
        #expect(trip.currentRouteSegment == "abc")
        #expect(trip.lastLocation?.locationSensor == .gps)
        #expect(try ProtoJSON.decode(Trip.self, from: text).currentRouteSegment.isEmpty)
    }

    @Test func oneofAttributeValuesAreWrittenEvenAtTheirDefault() throws {
        let attrs = [
            TripAttribute(key: "a", tripAttributeValue: .boolValue(false)),
            TripAttribute(key: "b", tripAttributeValue: .numberValue(0)),
            TripAttribute(key: "c", tripAttributeValue: .stringValue("")),
            TripAttribute(key: "d", tripAttributeValue: nil),
        ]
        var trip = Trip()
        trip.attributes = attrs
        let out = try json(ProtoJSON.encode(trip))
        #expect(
            try out
                == json(
                    #"{"attributes": [{"key": "a", "boolValue": false}, {"key": "b", "numberValue": 0}, {"key": "c", "stringValue": ""}, {"key": "d"}]}"#
                ))
        #expect(try ProtoJSON.decode(Trip.self, from: ProtoJSON.encode(trip)).attributes == attrs)
    }
}
