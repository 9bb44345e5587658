/// Where a message writes its fields: Foundation's encoder (``ProtoWriter``) or straight into bytes
/// (``ProtoJSONOutput``). A message lists its fields once, in ``ProtoMessage/writeFields(to:)``, for both.
///
/// Fields are put in the byte order of their JSON names, the order sorted output has: the direct writer writes
/// them as they come, and checks the order in debug builds.
public protocol ProtoFieldWriter {
    /// A plain scalar or enum, omitted at its default.
    mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T) throws
    /// A message, wrapper type or `optional` scalar, written whenever it is set.
    mutating func put<T: ProtoJSONField>(_ name: StaticString, _ value: T?) throws
    /// A repeated field, omitted when empty.
    mutating func put<T: ProtoJSONField>(_ name: StaticString, _ values: [T]) throws
}
