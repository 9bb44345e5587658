/// Why a location source could not produce fixes: a file that cannot be read or holds no usable fix, or a gpsd
/// address that is not `host:port`. The message names the file (and line) or the option.
public struct LocationSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
