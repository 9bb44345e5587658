import CZlib
import FleetModel
import Foundation

/// Reads and writes `.roadmap` files: a compact, versioned binary form of a ``RoadMap`` (layout in
/// docs/road-map.md).
///
/// Points are stored once each (roads that meet share them) as 1e-7 degree integers, delta-coded in varints;
/// a CRC-32 at the end catches damaged or cut-off files before anything is believed.
public enum RoadMapFile {
    /// The eight bytes every road-map file starts with.
    static let magic: [UInt8] = Array("TRIPROAD".utf8)
    /// The format version this code writes and the only one it reads.
    public static let version: UInt16 = 1
    static let headerSize = 12
    static let checksumSize = 4
    /// Degrees are stored as integers of this many units, OpenStreetMap's own precision.
    static let coordinateScale = 1e7
    /// Speeds are stored in tenths of km/h.
    static let speedScale = 10.0

    enum WayFlag {
        static let oneWay: UInt8 = 1
        static let maxSpeed: UInt8 = 2
        static let name: UInt8 = 4
        static let all: UInt8 = 7
    }

    // MARK: Files

    public static func load(path: String) throws(RoadMapError) -> RoadMap {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw RoadMapError(path: path, message: "cannot read: \(error.localizedDescription)")
        }
        return try decode([UInt8](data), path: path)
    }

    /// Writes atomically, so a reader never sees half a map.
    public static func save(_ map: RoadMap, to path: String) throws(RoadMapError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RoadMapError(path: path, message: "cannot write: there is no directory \(directory)")
        }
        do {
            try Data(encode(map)).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RoadMapError(path: path, message: "cannot write: \(error.localizedDescription)")
        }
    }

    // MARK: Bytes

    public static func encode(_ map: RoadMap) -> [UInt8] {
        var names: [String] = []
        var nameIndex: [String: Int] = [:]
        var nodes: [(latitude: Int64, longitude: Int64)] = []
        var nodeIndex: [E7Point: Int] = [:]
        var wayNodes: [[Int]] = []
        wayNodes.reserveCapacity(map.ways.count)
        for way in map.ways {
            if let name = way.name, nameIndex[name] == nil {
                nameIndex[name] = names.count
                names.append(name)
            }
            wayNodes.append(
                way.points.map { point in
                    let key = E7Point(point)
                    if let index = nodeIndex[key] { return index }
                    nodeIndex[key] = nodes.count
                    nodes.append((Int64(key.latitude), Int64(key.longitude)))
                    return nodes.count - 1
                })
        }

        var writer = RoadMapByteWriter()
        writer.writeBytes(magic)
        writer.writeLittleEndian(UInt64(version), byteCount: 2)
        writer.writeLittleEndian(0, byteCount: 2)  // flags, reserved
        writer.writeString(map.attribution)
        writer.writeVarint(UInt64(names.count))
        for name in names { writer.writeString(name) }
        writer.writeVarint(UInt64(nodes.count))
        var previous: (latitude: Int64, longitude: Int64) = (0, 0)
        for node in nodes {
            writer.writeSignedVarint(node.latitude - previous.latitude)
            writer.writeSignedVarint(node.longitude - previous.longitude)
            previous = node
        }
        writer.writeVarint(UInt64(map.ways.count))
        var previousID: Int64 = 0
        for (way, indices) in zip(map.ways, wayNodes) {
            writer.writeSignedVarint(way.id &- previousID)
            previousID = way.id
            writer.writeUInt8(way.roadClass.rawValue)
            let speed = way.maxSpeedKmh.map { UInt64(max(1, min(65_535, ($0 * speedScale).rounded()))) }
            let name = way.name.flatMap { nameIndex[$0] }
            writer.writeUInt8(
                (way.isOneWay ? WayFlag.oneWay : 0) | (speed != nil ? WayFlag.maxSpeed : 0)
                    | (name != nil ? WayFlag.name : 0)
            )
            if let speed { writer.writeVarint(speed) }
            if let name { writer.writeVarint(UInt64(name)) }
            writer.writeVarint(UInt64(indices.count))
            var previousIndex = 0
            for index in indices {
                writer.writeSignedVarint(Int64(index - previousIndex))
                previousIndex = index
            }
        }
        let checksum = crc(writer.bytes[...])
        writer.writeLittleEndian(UInt64(checksum), byteCount: 4)
        return writer.bytes
    }

    public static func decode(_ bytes: [UInt8], path: String) throws(RoadMapError) -> RoadMap {
        guard bytes.count >= magic.count, Array(bytes.prefix(magic.count)) == magic else {
            throw RoadMapError(path: path, offset: 0, message: "not a road-map file (it does not start with TRIPROAD)")
        }
        guard bytes.count >= headerSize + checksumSize else {
            throw RoadMapError(path: path, offset: bytes.count, message: "truncated: the file ends inside its header")
        }
        let fileVersion = UInt16(bytes[8]) | UInt16(bytes[9]) << 8
        guard fileVersion == version else {
            throw RoadMapError(
                path: path, offset: 8,
                message:
                    "unsupported road-map version \(fileVersion) (this tripterm reads version \(version); re-import the map)"
            )
        }
        let bodyEnd = bytes.count - checksumSize
        let stored =
            UInt32(bytes[bodyEnd]) | UInt32(bytes[bodyEnd + 1]) << 8 | UInt32(bytes[bodyEnd + 2]) << 16
            | UInt32(bytes[bodyEnd + 3]) << 24
        guard crc(bytes[..<bodyEnd]) == stored else {
            throw RoadMapError(
                path: path, offset: bodyEnd, message: "checksum mismatch: the file is damaged or truncated")
        }

        var reader = RoadMapByteReader(bytes, path: path, offset: headerSize, end: bodyEnd)
        let attribution = try reader.readString("attribution")
        let nameCount = try reader.readCount("name count")
        var names: [String] = []
        names.reserveCapacity(nameCount)
        for _ in 0..<nameCount { names.append(try reader.readString("name")) }

        let nodeCount = try reader.readCount("point count", minimumBytesEach: 2)
        var nodes: [LatLng] = []
        nodes.reserveCapacity(nodeCount)
        var latitude: Int64 = 0, longitude: Int64 = 0
        for _ in 0..<nodeCount {
            let start = reader.offset
            latitude &+= try reader.readSignedVarint("latitude")
            longitude &+= try reader.readSignedVarint("longitude")
            guard abs(latitude) <= 900_000_000, abs(longitude) <= 1_800_000_000 else {
                throw reader.error("point out of range", at: start)
            }
            nodes.append(
                LatLng(latitude: Double(latitude) / coordinateScale, longitude: Double(longitude) / coordinateScale))
        }

        let wayCount = try reader.readCount("way count", minimumBytesEach: 5)
        var ways: [RoadWay] = []
        ways.reserveCapacity(wayCount)
        var id: Int64 = 0
        for _ in 0..<wayCount {
            id &+= try reader.readSignedVarint("way id")
            let classOffset = reader.offset
            let classByte = try reader.readUInt8("road class")
            guard let roadClass = RoadClass(rawValue: classByte) else {
                throw reader.error("unknown road class \(classByte)", at: classOffset)
            }
            let flagsOffset = reader.offset
            let flags = try reader.readUInt8("way flags")
            guard flags & ~WayFlag.all == 0 else { throw reader.error("unknown way flags \(flags)", at: flagsOffset) }
            var maxSpeed: Double?
            if flags & WayFlag.maxSpeed != 0 { maxSpeed = Double(try reader.readVarint("maxspeed")) / speedScale }
            var name: String?
            if flags & WayFlag.name != 0 {
                let start = reader.offset
                let index = try reader.readVarint("name index")
                guard index < UInt64(names.count) else {
                    throw reader.error("name index \(index) out of range", at: start)
                }
                name = names[Int(index)]
            }
            let countOffset = reader.offset
            let count = try reader.readCount("way point count")
            guard count >= 2 else {
                throw reader.error("a way with \(count) point(s); at least 2 needed", at: countOffset)
            }
            var points: [LatLng] = []
            points.reserveCapacity(count)
            var index: Int64 = 0
            for _ in 0..<count {
                let start = reader.offset
                index &+= try reader.readSignedVarint("point index")
                guard index >= 0, index < Int64(nodes.count) else {
                    throw reader.error("point index \(index) out of range", at: start)
                }
                points.append(nodes[Int(index)])
            }
            ways.append(
                RoadWay(
                    id: id, roadClass: roadClass, name: name, isOneWay: flags & WayFlag.oneWay != 0,
                    maxSpeedKmh: maxSpeed,
                    points: points
                )
            )
        }
        guard reader.isAtEnd else { throw reader.error("unexpected bytes after the last way") }
        return RoadMap(attribution: attribution, ways: ways)
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }
}

/// A coordinate at the file's 1e-7 degree precision; two points that round to the same one are the same node.
struct E7Point: Hashable {
    var latitude: Int32
    var longitude: Int32

    init(latitude: Int32, longitude: Int32) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Rounds to 1e-7 degree; a coordinate outside ±90/±180 is clamped and a non-finite one becomes 0, so that
    /// writing never traps and always produces a file that reads back.
    init(_ point: LatLng) {
        func scaled(_ degrees: Double, limit: Double) -> Int32 {
            guard degrees.isFinite else { return 0 }
            return Int32((min(max(degrees, -limit), limit) * RoadMapFile.coordinateScale).rounded())
        }
        latitude = scaled(point.latitude, limit: 90)
        longitude = scaled(point.longitude, limit: 180)
    }

    var latLng: LatLng {
        LatLng(
            latitude: Double(latitude) / RoadMapFile.coordinateScale,
            longitude: Double(longitude) / RoadMapFile.coordinateScale)
    }
}
