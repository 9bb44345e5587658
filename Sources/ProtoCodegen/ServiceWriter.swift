import SwiftProtobufPluginLibrary

/// Writes what the services of `Protos/` declare, where a list of every call is needed: FleetModel's ``LogMethod``
/// constants (each Cloud Logging entry names its call) and the local server's `FleetMethods` entry points, each the
/// method's `perform` run through the call log. An RPC added to a `.proto` file is then logged, imported and served
/// once its `perform` is written.
struct ServiceWriter {
    let schema: Schema

    /// Every RPC of `files`, in the order of the files and of their declarations.
    static func methods(of files: [FileDescriptor]) -> [MethodDescriptor] {
        files.flatMap { $0.services.flatMap(\.methods) }
    }

    /// `CreateTrip` → `createTrip`.
    static func memberName(_ method: MethodDescriptor) -> String {
        Schema.identifier(method.name.prefix(1).lowercased() + method.name.dropFirst())
    }

    /// FleetModel's name of `method`'s request or response type: a well-known type's is the JSON engine's. Another
    /// `google.protobuf` type is refused (``Schema/requireGenerated(_:at:)``): the generated code would not compile.
    func typeName(_ message: Descriptor, of method: MethodDescriptor) throws -> String {
        if let swift = Schema.wellKnownTypes[message.fullName] { return swift }
        try Schema.requireGenerated(message, at: method.fullName)
        return schema.swiftName(message)
    }

    func logMethods(_ files: [FileDescriptor]) -> String {
        let methods = Self.methods(of: files)
        var out = SwiftSource()
        out.generatedHeader(from: "the services of Protos/")
        out.line()
        out.block("extension LogMethod {") { out in
            for method in methods {
                out.doc("`\(method.fullName)`.")
                let deliveries = method.file.package.hasPrefix("maps.fleetengine.delivery.") ? ", deliveries: true" : ""
                out.line("public static let \(Self.memberName(method)) = LogMethod(\"\(method.name)\"\(deliveries))")
            }
            out.line()
            out.doc("Every call the local server answers, and so every one it logs and the importer recognises.")
            out.block("public static let known: [LogMethod] = [", closing: "]") { out in
                for method in methods { out.line("\(Self.memberName(method)),") }
            }
        }
        return out.text
    }

    func fleetMethods(_ files: [FileDescriptor]) throws -> String {
        var out = SwiftSource()
        out.generatedHeader(from: "the services of Protos/")
        out.line()
        out.line("import FleetModel")
        out.line()
        try out.block("extension FleetMethods {") { out in
            for (index, method) in Self.methods(of: files).enumerated() {
                if index > 0 { out.line() }
                let name = Self.memberName(method)
                let request = try typeName(method.inputType, of: method)
                let response = try typeName(method.outputType, of: method)
                out.doc("`\(method.fullName)`: its `perform`, through the call log (``logged(_:_:now:_:)``).")
                out.block(
                    "public func \(name)(_ request: \(request), principal: Principal, "
                        + "now: ProtoTimestamp) async throws -> \(response) {"
                ) { out in
                    out.line(
                        "try await logged(.\(name), request, now: now) { try await perform(request, principal: principal, "
                            + "now: now) }")
                }
            }
        }
        return out.text
    }
}
