/// The fixtures of `TripFixture` as Google's Python package writes them: proto3 JSON (which its
/// `json_format.Parse` reads strictly and `MessageToJson` writes back unchanged) and the binary encoding, base64.
enum GoogleEncodings {
    static let tripJSON = #"""
        {
          "name": "providers/demo/trips/t1",
          "vehicleId": "v1",
          "tripStatus": "ENROUTE_TO_DROPOFF",
          "tripType": "EXCLUSIVE",
          "pickupPoint": {"point": {"latitude": 43.7384, "longitude": 7.4246}},
          "actualPickupPoint": {
            "point": {"latitude": 43.73845, "longitude": 7.42455},
            "timestamp": "2025-02-05T17:03:30Z"
          },
          "pickupTime": "2025-02-05T17:03:25.081409Z",
          "intermediateDestinations": [
            {"point": {"latitude": 43.74, "longitude": 7.427}},
            {"point": {"latitude": 43.735, "longitude": 7.421}}
          ],
          "intermediateDestinationsVersion": "2025-02-05T17:00:00Z",
          "intermediateDestinationIndex": 1,
          "dropoffPoint": {"point": {"latitude": 43.7311, "longitude": 7.4197}},
          "dropoffTime": "2025-02-05T17:22:11.500Z",
          "remainingWaypoints": [{
            "location": {"point": {"latitude": 43.7311, "longitude": 7.4197}},
            "tripId": "t1",
            "waypointType": "DROP_OFF_WAYPOINT_TYPE",
            "pathToWaypoint": [{"latitude": 43.735, "longitude": 7.421}, {"latitude": 43.7311, "longitude": 7.4197}],
            "encodedPathToWaypoint": "AhYFIoF_XZ6GAPV1plu2AYQNAA==",
            "trafficToWaypoint": {
              "speedReadingInterval": [
                {"endPolylinePointIndex": 1, "speed": "NORMAL"},
                {"startPolylinePointIndex": 1, "endPolylinePointIndex": 2, "speed": "TRAFFIC_JAM"}
              ],
              "encodedPathToWaypoint": "AhYFIoF_XZ6GAPV1plu2AYQNAA=="
            },
            "distanceMeters": 1250,
            "eta": "2025-02-05T17:22:11.500Z",
            "duration": "150.500s"
          }],
          "route": [{"latitude": 43.7384, "longitude": 7.4246}, {"latitude": -0.5, "longitude": -179.999999}],
          "currentRouteSegment": "AhYFIoF_XZ6GAPV1plu2AYQNAA==",
          "currentRouteSegmentVersion": "2025-02-05T17:02:32.430Z",
          "remainingDistanceMeters": 0,
          "etaToFirstWaypoint": "2025-02-05T17:03:25.081409Z",
          "remainingTimeToFirstWaypoint": "12.500s",
          "numberOfPassengers": 2,
          "lastLocation": {
            "location": {"latitude": 43.7352, "longitude": 7.4213},
            "heading": 0,
            "speed": -0.0159,
            "isRoadSnapped": true,
            "updateTime": "2025-02-05T17:02:25Z",
            "locationSensor": "FUSED_LOCATION_PROVIDER",
            "rawLocationSensor": "CORE_LOCATION"
          },
          "lastLocationSnappable": true,
          "view": "JOURNEY_SHARING_V1S",
          "attributes": [
            {"key": "fare_class", "stringValue": "standard"},
            {"key": "accessible", "boolValue": false},
            {"key": "surge", "numberValue": 1.25}
          ]
        }
        """#

    static let tripBinaryBase64 =
        "Chdwcm92aWRlcnMvZGVtby90cmlwcy90MRICdjEYBCACKhQKEgnmriXkg95FQBHChqdXyrIdQDILCN2zjr0GEOjn6CY6FAoSCYQN"
        + "T6+U3UVAEVmGONbFrR1AQgwIw7yOvQYQgMq17gFKEgnmriXkg95FQBHChqdXyrIdQEoSCQAAAAAAAOC/EQwh5/3/f2bAUAJaNAoS"
        + "CXUCmggb3kVAER04Z0Rprx1AEgAiBgihs469BjIJCbmNBvAWSJC/WGTaAQIIAeAByAFiAGoLCN2zjr0GEOjn6CZyFAoSCR+F61G4"
        + "3kVAEWiR7Xw/tR1AchQKEgmuR+F6FN5FQBHJdr6fGq8dQHgBggGuAQoUChIJhA1Pr5TdRUARWYY41sWtHUASAnQxGAIiEgmuR+F6"
        + "FN5FQBHJdr6fGq8dQCISCYQNT6+U3UVAEVmGONbFrR1AKhxBaFlGSW9GX1haNkdBUFYxcGx1MkFZUU5BQT09MgMI4gk6DAjDvI69"
        + "BhCAyrXuAUIJCJYBEIDKte4BUiwKBBABGAEKBggBEAIYAxIcQWhZRklvRl9YWjZHQVBWMXBsdTJBWVFOQUE9PYoBDAios469BhCA"
        + "j4XNAaoBHEFoWUZJb0ZfWFo2R0FQVjFwbHUyQVlRTkFBPT2yARwKEgmY3ZOHhd5FQBE0ETY8vbIdQBIGCOKzjr0GygEGCJCyjr0G"
        + "0AEB2gEICAwQgMq17gH4AQKaAhYKCmZhcmVfY2xhc3MSCHN0YW5kYXJkmgIOCgphY2Nlc3NpYmxlGACaAhAKBXN1cmdlIQAAAAAA"
        + "APQ/"

    static let vehiclesJSON = #"""
        {
          "vehicles": [{
            "name": "providers/demo/vehicles/v1",
            "vehicleState": "ONLINE",
            "supportedTripTypes": ["SHARED", "EXCLUSIVE"],
            "currentTrips": ["t1", "t2"],
            "maximumCapacity": 4,
            "attributes": [{"key": "class", "value": "legacy", "stringValue": "van"}],
            "vehicleType": {"category": "TWO_WHEELER"},
            "deviceSettings": {
              "isInteractive": true,
              "batteryInfo": {"batteryStatus": "BATTERY_STATUS_CHARGING", "batteryPercentage": 87.5}
            }
          }],
          "nextPageToken": "page-2",
          "totalSize": "12345678901"
        }
        """#

    static let vehiclesBinaryBase64 =
        "ClQKGnByb3ZpZGVycy9kZW1vL3ZlaGljbGVzL3YxEAIaAgECIgJ0MSICdDIwBEIUCgVjbGFzcxIGbGVnYWN5GgN2YW5KAggE2gEL"
        + "GAEiBwgBHQAAr0ISBnBhZ2UtMhi1uPD+LQ=="
}
