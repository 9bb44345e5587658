// Fleet Engine's messages are read and written by ProtoJSONKit's engine: whoever uses the messages uses it too.
@_exported import ProtoJSONKit
