#!/usr/bin/env bash
# `format.sh` formats every Swift file in the repository in place with `swift format` (the toolchain's, configured by
# .swift-format), then lints the result so that what the formatter cannot fix itself is listed. `format.sh --lint`
# (part of `make test`) only lints: `swift format lint --strict`, non-zero on any finding. Both take the same files:
# every *.swift outside .git, .swiftpm and the .build* scratch directories (also Benchmarks/.build), and outside the
# generated code (the Generated folders of FleetEngineProto, FleetModel and FleetServer: scripts/generate-protos.sh),
# which also carries `// swift-format-ignore-file`.
set -euo pipefail
cd "$(dirname "$0")/.."

swift="${SWIFT:-swift}"
mode=format
case "${1:-}" in
  "") ;;
  --lint) mode=lint ;;
  *) echo "format.sh: expected no argument or --lint, not $1" >&2; exit 2 ;;
esac

mapfile -d '' files < <(
  find . \( -name .git -o -name .swiftpm -o -name '.build*' -o -path ./Sources/FleetEngineProto/Generated \
    -o -path ./Sources/FleetModel/Generated -o -path ./Sources/FleetServer/Generated \) -prune \
    -o -type f -name '*.swift' -print0 | sort -z
)
if [ ${#files[@]} -eq 0 ]; then
  echo "format.sh: no Swift files found" >&2
  exit 1
fi

# swift format (6.3) breaks a long line before a range operator written without spaces, `a...b` into `a` and
# `...b`, which makes the second line a prefix operator: the code no longer parses, or worse, means something else.
# No line here starts with `...` or `..<` on purpose, so any that does is flagged.
range_breaks() {
  if grep -nE '^[[:space:]]*\.\.[.<]' "${files[@]}" >&2; then
    echo "format.sh: the line(s) above start with a range operator, which swift format leaves when it breaks a" \
      "long \`a...b\`; shorten that line (e.g. name a bound first) so it is not broken there" >&2
    return 1
  fi
}

status=0
if [ "$mode" = format ]; then
  "$swift" format format --in-place --parallel "${files[@]}"
  "$swift" format lint --strict --parallel "${files[@]}" || status=1
  range_breaks || status=1
  if [ $status -ne 0 ]; then
    echo "format.sh: formatted, but the findings above are not the formatter's to fix: fix them by hand" >&2
  fi
else
  if ! "$swift" format lint --strict --parallel "${files[@]}"; then
    status=1
    echo "format.sh: swift format lint found the above; run scripts/format.sh to fix the formatting" >&2
  fi
  range_breaks || status=1
fi
exit $status
