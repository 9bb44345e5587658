#!/usr/bin/env bash
# Regenerates everything made from the .proto files under Protos/, where each Fleet Engine field is declared once:
# - FleetModel's message and enum types (Sources/FleetModel/Generated/) and their field-by-field conversions to and
#   from swift-protobuf's (Sources/FleetEngineProto/Generated/*.fleetmodel.swift), and from the services' RPCs
#   LogMethod's calls and FleetMethods' entry points (Sources/FleetServer/Generated/), by tripterm's own generator
#   (protocodegen, Sources/ProtoCodegen) from protoc's descriptor set, which is committed too
#   (Protos/descriptors.binpb) so that the drift test (Tests/ProtoCodegenTests) can check them without protoc;
# - swift-protobuf's messages and grpc-swift's service stubs (Sources/FleetEngineProto/Generated/), with protoc and
#   two plugins: protoc-gen-swift (apple/swift-protobuf) and protoc-gen-grpc-swift-2 (grpc/grpc-swift-protobuf).
#
# The generated code is committed, so neither a build nor CI runs this: only someone who changes a .proto file does.
# The plugins are built once, out of the package's tree, in .build-protoc-plugins/ (a scratch package pinning the
# two versions below, git-ignored like every .build*); that first build takes a few minutes on two cores (up to
# about 10 on a busy machine), later runs reuse it.
# Needs protoc and the well-known types (Debian's protobuf-compiler and libprotobuf-dev).
set -euo pipefail
cd "$(dirname "$0")/.."

swift="${SWIFT:-swift}"
swift_protobuf_version=1.39.0
grpc_swift_protobuf_version=2.4.1
plugins=.build-protoc-plugins
out=Sources/FleetEngineProto/Generated

command -v protoc >/dev/null || {
  echo "generate-protos: protoc not found; apt-get install protobuf-compiler libprotobuf-dev" >&2
  exit 1
}

# The scratch package: it only depends on the two plugin packages, at exact versions, so that what generates the
# code matches the runtime libraries Package.swift pins.
mkdir -p "$plugins/Sources/Placeholder"
cat > "$plugins/Package.swift" <<SWIFT
// swift-tools-version: 6.2
// Written by scripts/generate-protos.sh: builds the protoc plugins out of tripterm's tree.
import PackageDescription

let package = Package(
    name: "protoc-plugins",
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", exact: "$swift_protobuf_version"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf", exact: "$grpc_swift_protobuf_version"),
    ],
    targets: [.target(name: "Placeholder", path: "Sources/Placeholder")]
)
SWIFT
echo "// A package needs a target; the plugins are its dependencies' products." \
  > "$plugins/Sources/Placeholder/Placeholder.swift"

bin="$plugins/.build/debug"
if [ ! -x "$bin/protoc-gen-swift" ] || [ ! -x "$bin/protoc-gen-grpc-swift-2" ]; then
  echo "generate-protos: building protoc-gen-swift $swift_protobuf_version and protoc-gen-grpc-swift-2" \
    "$grpc_swift_protobuf_version in $plugins (a few minutes; up to about 10 on a busy machine)"
  (cd "$plugins" && "$swift" build --product protoc-gen-swift && "$swift" build --product protoc-gen-grpc-swift-2)
fi

mapfile -t protos < <(cd Protos && find . -name '*.proto' | sed 's|^\./||' | sort)
# Only the files that declare a service get a .grpc.swift file; the others would get an empty one.
mapfile -t with_services < <(cd Protos && grep -l '^service ' "${protos[@]}")
# swift-protobuf's and grpc-swift's files are replaced; protocodegen replaces its own below.
mkdir -p "$out"
find "$out" -name '*.swift' ! -name '*.fleetmodel.swift' -delete
protoc --proto_path=Protos --plugin=protoc-gen-swift="$bin/protoc-gen-swift" --swift_out="$out" \
  --swift_opt=Visibility=Public,FileNaming=PathToUnderscores "${protos[@]}"
protoc --proto_path=Protos --plugin=protoc-gen-grpc-swift-2="$bin/protoc-gen-grpc-swift-2" --grpc-swift-2_out="$out" \
  --grpc-swift-2_opt=Visibility=Public,FileNaming=PathToUnderscores,Server=true,Client=true "${with_services[@]}"

# FleetModel's types and the conversions, from the descriptor set (our comments kept: they become doc comments).
descriptors=$(mktemp)
trap 'rm -f "$descriptors"' EXIT
protoc --proto_path=Protos --include_imports --include_source_info --descriptor_set_out="$descriptors" "${protos[@]}"
"$swift" build --product protocodegen
"$("$swift" build --show-bin-path)/protocodegen" "$descriptors" .
echo "generate-protos: wrote $(find "$out" Sources/FleetModel/Generated -name '*.swift' | wc -l) files"
