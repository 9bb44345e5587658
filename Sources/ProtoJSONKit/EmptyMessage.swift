/// `google.protobuf.Empty`, `{}`: the answer of DeleteTrip, DeleteVehicle and ReportBillableTrip.
public struct EmptyMessage: ProtoMessage, Hashable, Sendable {
    public init() {}
    public init(from decoder: any Decoder) throws { try ProtoReader(decoder).finish() }
    public init<F: ProtoFieldSource>(fields r: F) throws { try r.finish() }
    public func writeFields<W: ProtoFieldWriter>(to w: inout W) throws {}
}
