import FleetModel

/// DeleteTrip and DeleteVehicle answer `google.protobuf.Empty`: `{}`.
struct EmptyMessage: ProtoMessage, Sendable {
    init() {}
    init(from decoder: any Decoder) throws { try ProtoReader(decoder).finish() }
    func encode(to encoder: any Encoder) throws { _ = ProtoWriter(encoder) }
}
