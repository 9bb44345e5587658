import FleetModel

extension RoadGraph {
    /// The fastest drivable route from the road nearest `origin` to the road nearest `destination`, or nil when the
    /// map has no roads or one-way streets and gaps leave no way there.
    public func route(from origin: LatLng, to destination: LatLng) -> RoadRoute? {
        guard let start = nearest(to: origin), let end = nearest(to: destination) else { return nil }
        return route(from: start, to: end)
    }

    /// The fastest drivable route between two points already on the roads (A* over travel time).
    public func route(from start: RoadSnap, to end: RoadSnap) -> RoadRoute? {
        let startWay = map.ways[start.wayIndex], endWay = map.ways[end.wayIndex]
        let startSeconds = segmentSeconds(start)
        let endSeconds = segmentSeconds(end)

        // On one segment, driving straight along it wins whenever the direction is allowed.
        if wayVertices[start.wayIndex][start.segmentIndex] == wayVertices[end.wayIndex][end.segmentIndex],
            wayVertices[start.wayIndex][start.segmentIndex + 1] == wayVertices[end.wayIndex][end.segmentIndex + 1],
            end.fraction >= start.fraction || (!startWay.isOneWay && !endWay.isOneWay)
        {
            let seconds = abs(end.fraction - start.fraction) * startSeconds
            return makeRoute(vertexPath: [], start: start, end: end, seconds: seconds)
        }

        // The vertex `vertices.count` stands for the destination point.
        let target = Int32(vertices.count)
        var best = [Double](repeating: .infinity, count: vertices.count + 1)
        var previous = [Int32](repeating: -1, count: vertices.count + 1)
        var heap = MinHeap()
        let endA = wayVertices[end.wayIndex][end.segmentIndex], endB = wayVertices[end.wayIndex][end.segmentIndex + 1]
        // Straight-line time to the end point never overestimates (no road is faster than the fastest), and obeys
        // the triangle inequality, so a vertex is final the first time it leaves the heap.
        let goal = end.point
        var done = [Bool](repeating: false, count: vertices.count + 1)
        func estimate(_ vertex: Int32) -> Double { Geo.distance(vertices[Int(vertex)], goal) / fastestMetresPerSecond }
        func reach(_ vertex: Int32, _ seconds: Double, from parent: Int32) {
            guard !done[Int(vertex)], seconds < best[Int(vertex)] else { return }
            best[Int(vertex)] = seconds
            previous[Int(vertex)] = parent
            heap.push(seconds + (vertex == target ? 0 : estimate(vertex)), vertex)
        }

        let startA = wayVertices[start.wayIndex][start.segmentIndex]
        let startB = wayVertices[start.wayIndex][start.segmentIndex + 1]
        reach(startB, (1 - start.fraction) * startSeconds, from: -1)
        if !startWay.isOneWay { reach(startA, start.fraction * startSeconds, from: -1) }

        while let (_, vertex) = heap.pop() {
            if vertex == target { break }
            if done[Int(vertex)] { continue }
            done[Int(vertex)] = true
            let seconds = best[Int(vertex)]
            if vertex == endA { reach(target, seconds + end.fraction * endSeconds, from: vertex) }
            if vertex == endB, !endWay.isOneWay {
                reach(target, seconds + (1 - end.fraction) * endSeconds, from: vertex)
            }
            for edge in edges[Int(edgeStart[Int(vertex)])..<Int(edgeStart[Int(vertex) + 1])] {
                reach(edge.target, seconds + edge.seconds, from: vertex)
            }
        }
        guard best[Int(target)].isFinite else { return nil }
        var path: [Int32] = []
        var vertex = previous[Int(target)]
        while vertex >= 0 {
            path.append(vertex)
            vertex = previous[Int(vertex)]
        }
        return makeRoute(vertexPath: path.reversed(), start: start, end: end, seconds: best[Int(target)])
    }

    /// Seconds to drive the whole segment a snap lies on.
    private func segmentSeconds(_ snap: RoadSnap) -> Double {
        let way = map.ways[snap.wayIndex]
        let length = Geo.distance(way.points[snap.segmentIndex], way.points[snap.segmentIndex + 1])
        return length / (way.travelSpeedKmh / 3.6)
    }

    private func makeRoute(vertexPath: [Int32], start: RoadSnap, end: RoadSnap, seconds: Double) -> RoadRoute {
        var points = [start.point]
        for vertex in vertexPath where vertices[Int(vertex)] != points[points.count - 1] {
            points.append(vertices[Int(vertex)])
        }
        if end.point != points[points.count - 1] { points.append(end.point) }
        let length = zip(points, points.dropFirst()).reduce(0) { $0 + Geo.distance($1.0, $1.1) }
        return RoadRoute(points: points, lengthMeters: length, durationSeconds: seconds, start: start, end: end)
    }
}
