#!/usr/bin/env bash
# `lint-docs.sh`: the reference docs stay within their line limits (docs/TESTING.md). They hold current figures, how
# to run things and the rules; history is git's. Run by scripts/test.sh (`make test`) after the formatter's lint.
# Prints one line per doc over its limit and exits 1; prints nothing and exits 0 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

# The limits, in one place: file, then its maximum number of lines.
limits=(
  "docs/PERFORMANCE.md 250"
  "docs/TESTING.md 200"
  "docs/ARCHITECTURE.md 400"
)

status=0
for entry in "${limits[@]}"; do
  read -r file limit <<<"$entry"
  if [ ! -f "$file" ]; then
    echo "lint-docs: $file: missing (limit $limit lines)" >&2
    status=1
    continue
  fi
  lines=$(wc -l <"$file")
  if [ "$lines" -gt "$limit" ]; then
    echo "lint-docs: $file: $lines lines, over its limit of $limit" >&2
    status=1
  fi
done
exit "$status"
