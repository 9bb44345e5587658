import FleetEngineProto
import SwiftProtobuf

/// One message of each field kind the API uses, built in Swift, with the same messages as Google's
/// `google-maps-fleetengine` 0.6.1 spells them in proto3 JSON and encodes them in binary (its protobuf runtime,
/// `SerializeToString(deterministic=True)` of `json_format.Parse(json)`), so the tests compare our generated code
/// with Google's types and not only with itself.
enum TripFixture {
    /// Every kind of field a Trip has: strings, enums (with gaps in the numbers), int32, bool, messages, repeated
    /// messages and points, wrapper types set to zero, timestamps, durations and all three arms of a oneof.
    static var trip: Maps_Fleetengine_V1_Trip {
        var trip = Maps_Fleetengine_V1_Trip()
        trip.name = "providers/demo/trips/t1"
        trip.vehicleID = "v1"
        trip.tripStatus = .enrouteToDropoff
        trip.tripType = .exclusive
        trip.pickupPoint = terminal(43.7384, 7.4246)
        trip.actualPickupPoint = .with {
            $0.point = point(43.73845, 7.42455)
            $0.timestamp = time(1_738_775_010)
        }
        trip.pickupTime = time(1_738_775_005, nanos: 81_409_000)
        trip.intermediateDestinations = [terminal(43.74, 7.427), terminal(43.735, 7.421)]
        trip.intermediateDestinationsVersion = time(1_738_774_800)
        trip.intermediateDestinationIndex = 1
        trip.dropoffPoint = terminal(43.7311, 7.4197)
        trip.dropoffTime = time(1_738_776_131, nanos: 500_000_000)
        trip.remainingWaypoints = [
            .with {
                $0.location = terminal(43.7311, 7.4197)
                $0.tripID = "t1"
                $0.waypointType = .dropOffWaypointType
                $0.pathToWaypoint = [point(43.735, 7.421), point(43.7311, 7.4197)]
                $0.encodedPathToWaypoint = s2Path
                $0.trafficToWaypoint = .with {
                    $0.speedReadingInterval = [
                        .with {
                            $0.endPolylinePointIndex = 1
                            $0.speed = .normal
                        },
                        .with {
                            $0.startPolylinePointIndex = 1
                            $0.endPolylinePointIndex = 2
                            $0.speed = .trafficJam
                        },
                    ]
                    $0.encodedPathToWaypoint = s2Path
                }
                $0.distanceMeters = Google_Protobuf_Int32Value(1250)
                $0.eta = time(1_738_776_131, nanos: 500_000_000)
                $0.duration = Google_Protobuf_Duration(seconds: 150, nanos: 500_000_000)
            }
        ]
        trip.route = [point(43.7384, 7.4246), point(-0.5, -179.999999)]
        trip.currentRouteSegment = s2Path
        trip.currentRouteSegmentVersion = time(1_738_774_952, nanos: 430_000_000)
        trip.remainingDistanceMeters = Google_Protobuf_Int32Value(0)
        trip.etaToFirstWaypoint = time(1_738_775_005, nanos: 81_409_000)
        trip.remainingTimeToFirstWaypoint = Google_Protobuf_Duration(seconds: 12, nanos: 500_000_000)
        trip.numberOfPassengers = 2
        trip.lastLocation = .with {
            $0.location = point(43.7352, 7.4213)
            $0.heading = Google_Protobuf_Int32Value(0)
            $0.speed = Google_Protobuf_DoubleValue(-0.0159)
            $0.isRoadSnapped = Google_Protobuf_BoolValue(true)
            $0.updateTime = time(1_738_774_945)
            $0.locationSensor = .fusedLocationProvider
            $0.rawLocationSensor = .coreLocation
        }
        trip.lastLocationSnappable = true
        trip.view = .journeySharingV1S
        trip.attributes = [
            .with {
                $0.key = "fare_class"
                $0.stringValue = "standard"
            },
            .with {
                $0.key = "accessible"
                $0.boolValue = false
            },
            .with {
                $0.key = "surge"
                $0.numberValue = 1.25
            },
        ]
        return trip
    }

    /// The kinds a Trip lacks: int64 (a JSON string), float, repeated strings and enums, a nested message's enum.
    static var vehicles: Maps_Fleetengine_V1_ListVehiclesResponse {
        .with {
            $0.vehicles = [
                .with {
                    $0.name = "providers/demo/vehicles/v1"
                    $0.vehicleState = .online
                    $0.supportedTripTypes = [.shared, .exclusive]
                    $0.currentTrips = ["t1", "t2"]
                    $0.maximumCapacity = 4
                    $0.attributes = [
                        .with {
                            $0.key = "class"
                            $0.value = "legacy"
                            $0.stringValue = "van"
                        }
                    ]
                    $0.vehicleType.category = .twoWheeler
                    $0.deviceSettings = .with {
                        $0.isInteractive = true
                        $0.batteryInfo.batteryStatus = .charging
                        $0.batteryInfo.batteryPercentage = 87.5
                    }
                }
            ]
            $0.nextPageToken = "page-2"
            $0.totalSize = 12_345_678_901
        }
    }

    /// A real S2 polyline from a Fleet Engine log (docs/ARCHITECTURE.md): the API carries it as an opaque string.
    static let s2Path = "AhYFIoF_XZ6GAPV1plu2AYQNAA=="

    private static func point(_ latitude: Double, _ longitude: Double) -> Google_Type_LatLng {
        .with {
            $0.latitude = latitude
            $0.longitude = longitude
        }
    }

    private static func terminal(_ latitude: Double, _ longitude: Double) -> Maps_Fleetengine_V1_TerminalLocation {
        .with { $0.point = point(latitude, longitude) }
    }

    private static func time(_ seconds: Int64, nanos: Int32 = 0) -> Google_Protobuf_Timestamp {
        Google_Protobuf_Timestamp(seconds: seconds, nanos: nanos)
    }
}
