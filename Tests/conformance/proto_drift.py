"""Checks tripterm's hand-written Fleet Engine .proto files (Protos/) against Google's published API.

The references are the installed Python packages, one per proto package (REFERENCES): google-maps-fleetengine for
maps.fleetengine.v1 and google-maps-fleetengine-delivery for maps.fleetengine.delivery.v1. Their proto-plus message
types carry the descriptors of every message and enum, and their gRPC transports name every method with its request
and response types. This compiles Protos/ with protoc and compares, for every message (nested ones too) and enum of
each proto package and of the small google.* files it imports:
  - each field's name, number, type, label, type name, oneof membership, proto3 `optional` and JSON name;
  - each enum's value names and numbers;
  - each service's methods, their input and output types and streaming flags;
and fails listing every difference, and every file of Protos/ that no reference covers. Run by
Tests/conformance/run.sh with the conformance venv's python:

    .build/conformance-venv/bin/python Tests/conformance/proto_drift.py
"""

import importlib
import os
import pkgutil
import shutil
import subprocess
import sys
import tempfile
from typing import NamedTuple

from google.protobuf import descriptor_pb2


class Reference(NamedTuple):
    """A proto package of Protos/ and the Python distribution of Google's that publishes it."""

    package: str  # the proto package, such as "maps.fleetengine.v1"
    distribution: str  # the PyPI name, such as "google-maps-fleetengine"
    module: str  # its GAPIC module, holding types/ and services/
    transports: tuple  # (service module, gRPC transport class) for each service


REFERENCES = (
    Reference(
        "maps.fleetengine.v1",
        "google-maps-fleetengine",
        "google.maps.fleetengine_v1",
        (("trip_service", "TripServiceGrpcTransport"), ("vehicle_service", "VehicleServiceGrpcTransport")),
    ),
    Reference(
        "maps.fleetengine.delivery.v1",
        "google-maps-fleetengine-delivery",
        "google.maps.fleetengine_delivery_v1",
        (("delivery_service", "DeliveryServiceGrpcTransport"),),
    ),
)
REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PROTOS = os.path.join(REPOSITORY, "Protos")
FIELD_TYPES = {number: name[len("TYPE_"):].lower() for name, number in descriptor_pb2.FieldDescriptorProto.Type.items()}
LABELS = {number: name[len("LABEL_"):].lower() for name, number in descriptor_pb2.FieldDescriptorProto.Label.items()}


def ours():
    """The files under Protos/, compiled by protoc with their imports, as FileDescriptorProtos."""
    protoc = shutil.which("protoc")
    if protoc is None:
        sys.exit("proto_drift: protoc not found; install protobuf-compiler and libprotobuf-dev (scripts/install-deps.sh)")
    files = sorted(
        os.path.relpath(os.path.join(folder, name), PROTOS)
        for folder, _, names in os.walk(PROTOS)
        for name in names
        if name.endswith(".proto")
    )
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "set.pb")
        subprocess.run(
            [protoc, f"--proto_path={PROTOS}", "--include_imports", f"--descriptor_set_out={out}", *files],
            check=True,
        )
        with open(out, "rb") as f:
            descriptor_set = descriptor_pb2.FileDescriptorSet.FromString(f.read())
    written = set(files)
    return [file for file in descriptor_set.file if file.name in written]


def covered(files, package):
    """The files of one proto package and every file they import, directly or not (the google.* ones)."""
    by_name = {file.name: file for file in files}
    found = {}

    def add(file):
        if file.name in found:
            return
        found[file.name] = file
        for dependency in file.dependency:
            if dependency in by_name:
                add(by_name[dependency])

    for file in files:
        if file.package == package:
            add(file)
    return list(found.values())


def theirs(reference):
    """The installed package's files (proto-plus modules and the google.* files they import), as FileDescriptorProtos."""
    types = importlib.import_module(f"{reference.module}.types")

    found = {}

    def add(file):
        if file.name in found or file.name.startswith("google/protobuf/"):
            return
        found[file.name] = file
        for dependency in file.dependencies:
            add(dependency)

    for module_info in pkgutil.iter_modules(types.__path__):
        module = importlib.import_module(f"{types.__name__}.{module_info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and hasattr(value, "pb") and hasattr(value, "meta"):
                add(value.pb().DESCRIPTOR.file)
    protos = []
    for file in found.values():
        proto = descriptor_pb2.FileDescriptorProto()
        file.CopyToProto(proto)
        protos.append(proto)
    return protos


def their_services(reference):
    """Every method of the package's gRPC transports: {service: {method: (input, output, client streams, server streams)}}.

    The generated clients hold no service descriptors; their transports name each method's path and
    (de)serializers when a stub is first asked for, so this records those calls on a stand-in channel.
    """
    import grpc

    transport_types = [
        getattr(importlib.import_module(f"{reference.module}.services.{service}.transports.grpc"), name)
        for service, name in reference.transports
    ]

    kinds = {
        "unary_unary": (False, False),
        "unary_stream": (False, True),
        "stream_unary": (True, False),
        "stream_stream": (True, True),
    }

    class RecordingChannel(grpc.Channel):
        def __init__(self):
            self.calls = []

        def _recorder(kind):
            def record(self, method, request_serializer=None, response_deserializer=None, *args, **kwargs):
                self.calls.append((kind, method, request_serializer, response_deserializer))
                return lambda *a, **k: None

            return record

        unary_unary = _recorder("unary_unary")
        unary_stream = _recorder("unary_stream")
        stream_unary = _recorder("stream_unary")
        stream_stream = _recorder("stream_stream")

        def subscribe(self, *args, **kwargs):
            pass

        def unsubscribe(self, *args, **kwargs):
            pass

        def close(self):
            pass

    def full_name(serializer):
        message = serializer.__self__
        return (message.pb() if hasattr(message, "pb") else message).DESCRIPTOR.full_name

    services = {}
    intercept = grpc.intercept_channel
    grpc.intercept_channel = lambda channel, *interceptors: channel  # the transports log through an interceptor
    try:
        for transport_type in transport_types:
            channel = RecordingChannel()
            transport = transport_type(channel=channel)
            for name, value in vars(transport_type).items():
                if isinstance(value, property) and name not in ("grpc_channel", "kind", "host"):
                    getattr(transport, name)
            for kind, path, serializer, deserializer in channel.calls:
                _, service, method = path.split("/")
                services.setdefault(service, {})[method] = (
                    full_name(serializer), full_name(deserializer), *kinds[kind]
                )
    finally:
        grpc.intercept_channel = intercept
    return services


def messages_and_enums(files):
    """{full name: DescriptorProto} and {full name: EnumDescriptorProto} over the files, nested ones included."""
    messages, enums = {}, {}

    def walk(prefix, message):
        name = f"{prefix}.{message.name}"
        messages[name] = message
        for enum in message.enum_type:
            enums[f"{name}.{enum.name}"] = enum
        for nested in message.nested_type:
            walk(name, nested)

    for file in files:
        for enum in file.enum_type:
            enums[f"{file.package}.{enum.name}"] = enum
        for message in file.message_type:
            walk(file.package, message)
    return messages, enums


def our_services(files):
    services = {}
    for file in files:
        for service in file.service:
            services[f"{file.package}.{service.name}"] = {
                method.name: (
                    method.input_type.lstrip("."),
                    method.output_type.lstrip("."),
                    method.client_streaming,
                    method.server_streaming,
                )
                for method in service.method
            }
    return services


def default_json_name(name):
    """protoc's JSON name for a field without a json_name option: lowerCamelCase of the proto name."""
    parts = name.split("_")
    return parts[0] + "".join(part[:1].upper() + part[1:] for part in parts[1:])


def proto_name(their_field_name):
    """A field's name in the API, from the package's. Google's Python generator appends "_" to a field name that is a
    Python keyword or builtin (the Deliveries API's Task.type is type_), and proto-plus builds the descriptors from
    those names; no Fleet Engine field name ends in "_", so a trailing one is always the generator's."""
    return their_field_name[:-1] if their_field_name.endswith("_") else their_field_name


def field_shape(message, field):
    """What must match of a field; the oneof is named, not indexed, since declaration order may differ.

    proto-plus records a JSON name only where the API declares one, protoc always: an absent one is the default.
    """
    return {
        "number": field.number,
        "type": FIELD_TYPES[field.type],
        "label": LABELS[field.label],
        "type name": field.type_name or None,
        "oneof": message.oneof_decl[field.oneof_index].name if field.HasField("oneof_index") else None,
        "proto3 optional": field.proto3_optional,
        "JSON name": field.json_name if field.HasField("json_name") else default_json_name(field.name),
    }


def compare_named(kind, ours, theirs, problems, compare):
    """Reports what is missing from ours, what ours has extra, and calls compare(name, our, their) for the rest."""
    for name in sorted(theirs.keys() - ours.keys()):
        problems.append(f"{kind} {name}: missing from Protos/")
    for name in sorted(ours.keys() - theirs.keys()):
        problems.append(f"{kind} {name}: in Protos/ but not in the package")
    for name in sorted(ours.keys() & theirs.keys()):
        compare(name, ours[name], theirs[name])


def compare(package, our_files, their_files, their_service_methods):
    """The differences between one proto package's files (with their imports) and the reference's, and counts."""
    problems = []
    our_messages, our_enums = messages_and_enums(our_files)
    their_messages, their_enums = messages_and_enums(their_files)
    # Every message and enum of ours is checked: the package's and the google.* dependencies written beside it.
    # Only the package's own may be missing from ours (the package may import google.* types we do not use).
    their_messages = {n: m for n, m in their_messages.items() if n.startswith(package + ".") or n in our_messages}
    their_enums = {n: e for n, e in their_enums.items() if n.startswith(package + ".") or n in our_enums}

    def compare_message(name, our, their):
        our_fields = {f.name: field_shape(our, f) for f in our.field}
        their_fields = {proto_name(f.name): field_shape(their, f) for f in their.field}

        def compare_field(field, our_shape, their_shape):
            for key in their_shape:
                if our_shape[key] != their_shape[key]:
                    problems.append(
                        f"message {name}, field {field}: {key} is {our_shape[key]!r} in Protos/, "
                        f"{their_shape[key]!r} in the package"
                    )

        compare_named(f"message {name}, field", our_fields, their_fields, problems, compare_field)

    def compare_enum(name, our, their):
        our_values = {v.name: v.number for v in our.value}
        their_values = {v.name: v.number for v in their.value}

        def compare_value(value, our_number, their_number):
            if our_number != their_number:
                problems.append(f"enum {name}, value {value}: {our_number} in Protos/, {their_number} in the package")

        compare_named(f"enum {name}, value", our_values, their_values, problems, compare_value)

    def compare_service(name, our, their):
        def compare_method(method, our_shape, their_shape):
            labels = ("input type", "output type", "client streaming", "server streaming")
            for label, our_value, their_value in zip(labels, our_shape, their_shape):
                if our_value != their_value:
                    problems.append(
                        f"service {name}, method {method}: {label} is {our_value!r} in Protos/, "
                        f"{their_value!r} in the package"
                    )

        compare_named(f"service {name}, method", our, their, problems, compare_method)

    compare_named("message", our_messages, their_messages, problems, compare_message)
    compare_named("enum", our_enums, their_enums, problems, compare_enum)
    compare_named("service", our_services(our_files), their_service_methods, problems, compare_service)
    counts = (
        len(our_messages),
        sum(len(m.field) for m in our_messages.values()),
        len(our_enums),
        sum(len(methods) for methods in our_services(our_files).values()),
    )
    return problems, counts


def main():
    from importlib.metadata import version

    our_files = ours()
    problems, matches, checked = [], [], set()
    for reference in REFERENCES:
        files = covered(our_files, reference.package)
        checked.update(file.name for file in files)
        found, (messages, fields, enums, methods) = compare(
            reference.package, files, theirs(reference), their_services(reference)
        )
        name = f"{reference.distribution} {version(reference.distribution)}"
        problems += [f"{reference.package} against {name}: {problem}" for problem in found]
        matches.append(
            f"{reference.package}: {messages} messages ({fields} fields), {enums} enums and {methods} methods"
            f" match {name}"
        )
    # A file outside every reference's package and their imports would be checked by nothing.
    problems += [
        f"Protos/{file.name}: not in any package this checks, nor imported by one"
        for file in our_files
        if file.name not in checked
    ]
    if problems:
        print(f"proto_drift: Protos/ differs from Google's packages in {len(problems)} place(s):", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        sys.exit(1)
    for match in matches:
        print(f"proto_drift: {match}")


if __name__ == "__main__":
    main()
