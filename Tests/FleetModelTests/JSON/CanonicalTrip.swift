/// The canonical Trip JSON that `google-maps-fleetengine` 0.6.1 emits (reference §6): real values from a Fleet
/// Engine log, re-serialised by protobuf's own `MessageToJson`.
let canonicalTripJSON = #"""
    {
      "name": "providers/my-project/trips/trip-1",
      "vehicleId": "Vehicle_1",
      "tripStatus": "ENROUTE_TO_PICKUP",
      "tripType": "EXCLUSIVE",
      "pickupPoint": {"point": {"latitude": 37.34471314799388, "longitude": -122.06790357828139}},
      "pickupTime": "2025-02-05T17:03:25.081409Z",
      "dropoffPoint": {"point": {"latitude": 37.40531584395862, "longitude": -122.02161066234112}},
      "dropoffTime": "2025-02-05T17:22:11.081409Z",
      "numberOfPassengers": 1,
      "lastLocation": {"location": {"latitude": 37.34308534228514, "longitude": -122.069699652493},
        "heading": 0, "updateTime": "2025-02-05T17:02:25Z", "speed": 0.0,
        "locationSensor": "ROAD_SNAPPED_LOCATION_PROVIDER", "serverTime": "2025-02-05T17:02:25.803392Z",
        "latlngAccuracy": 2.29, "headingAccuracy": 113.0, "isRoadSnapped": true},
      "remainingDistanceMeters": 169,
      "etaToFirstWaypoint": "2025-02-05T17:03:25.081409Z",
      "remainingWaypoints": [{"location": {"point": {"latitude": 37.3447131, "longitude": -122.0679036}},
        "tripId": "trip-1", "waypointType": "PICKUP_WAYPOINT_TYPE",
        "encodedPathToWaypoint": "AhYFIoF_XZ6GAPV1plu2AYQNAA==", "distanceMeters": 169,
        "eta": "2025-02-05T17:03:25.081409Z", "duration": "53.076652s"}],
      "currentRouteSegmentVersion": "2025-02-05T17:02:32.430Z",
      "remainingWaypointsVersion": "2025-02-05T17:02:32.430Z",
      "currentRouteSegment": "AhYFIoF_XZ6GAPV1plu2AYQNAA==",
      "currentRouteSegmentEndPoint": {"location": {"point": {"latitude": 37.3447131, "longitude": -122.0679036}},
        "tripId": "trip-1", "waypointType": "PICKUP_WAYPOINT_TYPE"},
      "lastLocationSnappable": true,
      "remainingTimeToFirstWaypoint": "53.076652s",
      "currentRouteSegmentTraffic": {"speedReadingInterval": [
          {"endPolylinePointIndex": 10, "speed": "NORMAL"},
          {"startPolylinePointIndex": 10, "endPolylinePointIndex": 12, "speed": "TRAFFIC_JAM"}],
        "encodedPathToWaypoint": "AhYFIoF_XZ6GAPV1plu2AYQNAA=="},
      "view": "JOURNEY_SHARING_V1S",
      "attributes": [{"key": "fare_class", "stringValue": "standard"}]
    }
    """#
