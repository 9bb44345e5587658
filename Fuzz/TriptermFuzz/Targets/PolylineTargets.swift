import FleetModel
import Foundation

// Route geometry from Fleet Engine and other Google APIs: base64url S2 polylines (`currentRouteSegment`,
// `encodedPathToWaypoint`) and Google encoded polylines.

extension FuzzTarget {
    /// The first byte picks the precision (0...15); the rest is the polyline.
    static let googlePolyline = FuzzTarget(name: "google-polyline", summary: "GooglePolyline.decode; encode round trip")
    { data in
        guard let first = data.first else { return }
        let precision = Int(first % 16)
        let text = String(decoding: data.dropFirst(), as: UTF8.self)
        guard let points = try? GooglePolyline.decode(text, precision: precision) else { return }
        // Scaled values up to 2^40 survive the trip through Double exactly; larger ones the encoder may clamp.
        let factor = pow(10, Double(precision))
        guard points.allSatisfy({ abs($0.latitude * factor) < 0x1p40 && abs($0.longitude * factor) < 0x1p40 }) else {
            return
        }
        let encoded = GooglePolyline.encode(points, precision: precision)
        let again = try? GooglePolyline.decode(encoded, precision: precision)
        invariant(again == points, "GooglePolyline decode(encode(points)) != points at precision \(precision)")
    }

    static let s2Polyline = FuzzTarget(
        name: "s2-polyline", summary: "S2Polyline.decode (bytes and base64url); round trips"
    ) { data in
        _ = try? S2Polyline.decode(String(decoding: data, as: UTF8.self))
        let bytes = Array(data)
        guard let points = try? S2Polyline.decode(bytes: bytes) else { return }
        // Lossless (version 1): the same directions come back, up to rounding.
        checkSameDirections(points, try? S2Polyline.decode(S2Polyline.encodeLossless(points)), "lossless")
        // Compressed (version 2): snapping moves a point at most across its cell (S2's kMaxDiag, 2.44 / 2^level on
        // the unit sphere), and the snapped points are cell centres, which snap to themselves.
        if bytes[0] == 2, bytes.count > 1, bytes[1] <= 30 {
            let level = Int(bytes[1])
            let snapped = S2Polyline.encode(points, snapLevel: level)
            let bound = 2.44 / Double(1 << level) + 1e-9
            checkSameDirections(points, try? S2Polyline.decode(snapped), "level \(level) snapping", within: bound)
            let again = (try? S2Polyline.decode(snapped)).map { S2Polyline.encode($0, snapLevel: level) }
            invariant(again == snapped, "S2Polyline level \(level): snapped points snap elsewhere")
        }
    }

    private static func checkSameDirections(
        _ points: [LatLng], _ again: [LatLng]?, _ encoding: String, within bound: Double = 1e-9
    ) {
        guard let again, again.count == points.count else {
            invariant(false, "S2Polyline \(encoding) round trip lost points")
            return
        }
        for (a, b) in zip(points, again) {
            // Compared as unit vectors: at the poles every longitude is the same point.
            let (x, y) = (unitVector(a), unitVector(b))
            let distance = ((x.0 - y.0) * (x.0 - y.0) + (x.1 - y.1) * (x.1 - y.1) + (x.2 - y.2) * (x.2 - y.2))
                .squareRoot()
            invariant(distance <= bound, "S2Polyline \(encoding) round trip moved \(a) to \(b)")
        }
    }

    private static func unitVector(_ p: LatLng) -> (Double, Double, Double) {
        let lat = p.latitude * .pi / 180, lng = p.longitude * .pi / 180
        return (cos(lat) * cos(lng), cos(lat) * sin(lng), sin(lat))
    }
}
