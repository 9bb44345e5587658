/// A command's failure told in one line (`Error: …`), without the usage text a `ValidationError` adds.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
