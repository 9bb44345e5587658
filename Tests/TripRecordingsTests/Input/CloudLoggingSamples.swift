/// Small hand-made exports for what the trimmed jump-demo export cannot show: S2 routes (its logs carry only route
/// handles), Restricted Use twins, damaged entries. Values are taken from Google's 2025 `two-trips-bay-area` dataset
/// in googlemaps/fleet-debugger, including the S2 segment, whose decoding the reference notes verify (§10.2).
enum CloudLoggingSamples {
    /// A 5-vertex route from the vehicle to the pickup, S2-encoded as the Driver SDK sends it.
    static let segment = "AhYFIoF_XZ6GAPV1plu2AYQNAA=="

    /// JSON Lines, every key lower-cased and underscores kept (`trip_id`), as some exports spell them: a trip is
    /// created, assigned to Vehicle_1, Vehicle_2 reports elsewhere, then Vehicle_1 reports a route, distance and time.
    static let lowerCaseExport = """
        {"insertid":"c1","logname":"projects/gems/logs/fleetengine.googleapis.com%2Fcreate_trip","timestamp":"2025-02-05T17:02:31.483732Z","labels":{"trip_id":"fb13"},"jsonpayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.CreateTripLog","request":{"tripid":"fb13","trip":{"triptype":"EXCLUSIVE_TRIP"}},"response":{"name":"providers/gems/trips/fb13","status":"TRIP_STATUS_NEW","triptype":"EXCLUSIVE_TRIP","numberofpassengers":1,"pickuppoint":{"point":{"latitude":37.3447131,"longitude":-122.0679036}},"dropoffpoint":{"point":{"latitude":37.4053158,"longitude":-122.0216107}}}}}
        {"insertid":"u1","logname":"projects/gems/logs/fleetengine.googleapis.com%2Fupdate_trip","timestamp":"2025-02-05T17:02:32.430278Z","labels":{"trip_id":"fb13","vehicle_id":"Vehicle_1"},"jsonpayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateTripLog","request":{"tripid":"fb13","updatemask":"vehicleId,tripStatus","trip":{"vehicleid":"Vehicle_1","status":"TRIP_STATUS_ENROUTE_TO_PICKUP"}},"response":{"name":"providers/gems/trips/fb13","status":"TRIP_STATUS_ENROUTE_TO_PICKUP","triptype":"EXCLUSIVE_TRIP","vehicleid":"Vehicle_1","numberofpassengers":1,"pickuppoint":{"point":{"latitude":37.3447131,"longitude":-122.0679036}},"dropoffpoint":{"point":{"latitude":37.4053158,"longitude":-122.0216107}},"remainingdistancemeters":169,"pickuptime":"2025-02-05T17:03:25.081409Z","lastlocation":{"location":{"latitude":37.34308534,"longitude":-122.06969965},"heading":0,"speed":-0.01595289632678032,"locsensor":"LOCATION_SENSOR_ROAD_SNAPPED_LOCATION_PROVIDER"},"currentroutesegmentendpoint":{"tripid":"fb13","type":"WAYPOINT_TYPE_PICKUP"}}}}
        {"insertid":"v2","logname":"projects/gems/logs/fleetengine.googleapis.com%2Fupdate_vehicle","timestamp":"2025-02-05T17:02:33.000000Z","labels":{"vehicle_id":"Vehicle_2"},"jsonpayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateVehicleLog","request":{"vehicleid":"Vehicle_2","vehicle":{"remainingtimeseconds":9}},"response":{"name":"providers/gems/vehicles/Vehicle_2","state":"VEHICLE_STATE_ONLINE","lastlocation":{"location":{"latitude":1,"longitude":1}}}}}
        {"insertid":"v1","logname":"projects/gems/logs/fleetengine.googleapis.com%2Fupdate_vehicle","timestamp":"2025-02-05T17:02:33.290265Z","labels":{"vehicle_id":"Vehicle_1","trip_id":"fb13"},"jsonpayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateVehicleLog","request":{"vehicleid":"Vehicle_1","updatemask":"vehicleState,lastLocation,navigationStatus,currentRouteSegment,currentRouteSegmentEndPoint,remainingTimeSeconds,remainingDistanceMeters","vehicle":{"state":"VEHICLE_STATE_ONLINE","navstatus":"NAVIGATION_STATUS_ENROUTE_TO_DESTINATION","currentroutesegment":"\(segment)","remainingtimeseconds":53,"remainingdistancemeters":169,"lastlocation":{"location":{"latitude":37.34308534,"longitude":-122.06969965},"heading":12,"locsensor":"LOCATION_SENSOR_GPS"}}},"response":{"name":"providers/gems/vehicles/Vehicle_1","state":"VEHICLE_STATE_ONLINE","supportedtrips":["EXCLUSIVE_TRIP"],"vehicletype":{"vehiclecategory":"AUTO"},"navstatus":"NAVIGATION_STATUS_ENROUTE_TO_DESTINATION","currenttrips":["fb13"],"remainingdistancemeters":169,"lastlocation":{"location":{"latitude":37.34308534,"longitude":-122.06969965},"heading":12,"speed":3.5,"serverTime":"2025-02-05T17:02:33.290265Z","locsensor":"LOCATION_SENSOR_ROAD_SNAPPED_LOCATION_PROVIDER"},"currentroutesegmentendpoint":{"tripid":"fb13","type":"WAYPOINT_TYPE_PICKUP"}}}}
        """

    /// An array in the API's spelling where the ordinary UpdateTrip entry shows points as handles and its Restricted
    /// Use twin holds them; a last twin has no parent in the export.
    static let restrictedExport = """
        [
        {"insertId":"c1","logName":"projects/gems/logs/fleetengine.googleapis.com%2Fcreate_trip","timestamp":"2025-02-05T17:02:31Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.CreateTripLog","request":{"tripId":"fb13"},"response":{"name":"providers/gems/trips/fb13","status":"TRIP_STATUS_NEW","pickupPoint":{"pointHandle":"AdSi1"}}}},
        {"insertId":"u1","logName":"projects/gems/logs/fleetengine.googleapis.com%2Fupdate_trip","timestamp":"2025-02-05T17:02:32Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateTripLog","request":{"tripId":"fb13"},"response":{"name":"providers/gems/trips/fb13","status":"TRIP_STATUS_ENROUTE_TO_PICKUP","vehicleId":"Vehicle_1","pickupPoint":{"pointHandle":"AdSi2"},"currentRouteSegmentHandle":"AdSi3","remainingWaypoints":[{"tripId":"fb13","type":"WAYPOINT_TYPE_PICKUP","location":{"pointHandle":"AdSi4"}},{"tripId":"fb13","type":"WAYPOINT_TYPE_DROP_OFF","location":{"pointHandle":"AdSi5"}}]}}},
        {"insertId":"u1.tos","logName":"projects/gems/logs/fleetengine.googleapis.com%2Fupdate_trip_restricted","timestamp":"2025-02-05T17:02:32Z","labels":{"restriction":"TOS_RESTRICTED"},"jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateTripRestrictedLog","parentInsertId":"u1","request":{"trip":{}},"response":{"pickupPoint":{"point":{"latitude":37.3447131,"longitude":-122.0679036}},"currentRouteSegment":"\(segment)","remainingWaypoints":[{"location":{"point":{"latitude":37.3447131,"longitude":-122.0679036}},"encodedPathToWaypoint":"\(segment)"},{"location":{"point":{"latitude":37.4053158,"longitude":-122.0216107}}}]}}},
        {"insertId":"orphan.tos","logName":"projects/gems/logs/fleetengine.googleapis.com%2Fupdate_trip_restricted","timestamp":"2025-02-05T17:09:00Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateTripRestrictedLog","parentInsertId":"gone","response":{"currentRouteSegment":"\(segment)"}}}
        ]
        """

    /// A trip with a report whose speed is not a number, an entry with no time, a failed CreateVehicle and a GetTrip.
    static let damagedExport = """
        [
        {"insertId":"c1","logName":"projects/p/logs/fleetengine.googleapis.com%2Fcreate_trip","timestamp":"2025-01-01T00:00:00Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.CreateTripLog","request":{"tripId":"t1"},"response":{"name":"providers/p/trips/t1","status":"TRIP_STATUS_NEW"}}},
        {"insertId":"u1","logName":"projects/p/logs/fleetengine.googleapis.com%2Fupdate_trip","timestamp":"2025-01-01T00:00:10Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateTripLog","request":{"tripId":"t1"},"response":{"name":"providers/p/trips/t1","status":"TRIP_STATUS_ENROUTE_TO_PICKUP","vehicleId":"v1"}}},
        {"insertId":"bad-speed","logName":"projects/p/logs/fleetengine.googleapis.com%2Fupdate_vehicle","timestamp":"2025-01-01T00:00:15Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateVehicleLog","request":{"vehicleId":"v1"},"response":{"name":"providers/p/vehicles/v1","lastLocation":{"rawLocation":{"latitude":1,"longitude":2},"speed":"fast"}}}},
        {"insertId":"no-time","logName":"projects/p/logs/fleetengine.googleapis.com%2Fupdate_vehicle","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateVehicleLog","request":{"vehicleId":"v1"},"response":{"name":"providers/p/vehicles/v1"}}},
        {"insertId":"cv","logName":"projects/p/logs/fleetengine.googleapis.com%2Fcreate_vehicle","timestamp":"2025-01-01T00:00:20Z","severity":"ERROR","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.CreateVehicleLog","request":{"vehicleId":"v1"},"errorResponse":{"code":"ALREADY_EXISTS","httpStatusCode":409}}},
        {"insertId":"gt","logName":"projects/p/logs/fleetengine.googleapis.com%2Fget_trip","timestamp":"2025-01-01T00:00:25Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.GetTripLog","request":{"tripId":"t1"},"response":{"name":"providers/p/trips/t1","status":"TRIP_STATUS_COMPLETE"}}}
        ]
        """

    /// Vehicle reports and nothing else.
    static let vehicleOnlyExport = """
        [{"insertId":"v","logName":"projects/p/logs/fleetengine.googleapis.com%2Fupdate_vehicle","timestamp":"2025-01-01T00:00:15Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateVehicleLog","request":{"vehicleId":"v1"},"response":{"name":"providers/p/vehicles/v1"}}}]
        """

    /// One UpdateTrip call that failed.
    static let failedTripExport = """
        [{"insertId":"f","logName":"projects/p/logs/fleetengine.googleapis.com%2Fupdate_trip","timestamp":"2025-01-01T00:00:15Z","jsonPayload":{"@type":"type.googleapis.com/maps.fleetengine.v1.UpdateTripLog","request":{"tripId":"t1"},"errorResponse":{"code":"NOT_FOUND","httpStatusCode":404}}}]
        """
}
