#!/usr/bin/env bash
# `make install`: the tripterm binary, its bundled maps and sample trips, shell completions (bash, zsh, fish) and
# a man page, under PREFIX (default /usr/local; DESTDIR is prepended, as packagers expect). The completions and the
# man page are generated from the command definitions (swift-argument-parser), so they never drift from --help.
# CONFIGURATION=debug installs the debug build instead of building a release (make test checks the install with it).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
CONFIGURATION=${CONFIGURATION:-release}
root="$DESTDIR$PREFIX"

"$SWIFT" build -c "$CONFIGURATION" --product tripterm
bin="$("$SWIFT" build -c "$CONFIGURATION" --show-bin-path)/tripterm"
# swift-argument-parser's own man page generator (a product of that package), run on the built binary.
"$SWIFT" build --product generate-manual
generator="$("$SWIFT" build --show-bin-path)/generate-manual"

install -d "$root/bin" "$root/share/tripterm/maps" "$root/share/tripterm/trips" "$root/share/man/man1" \
  "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$bin" "$root/bin/tripterm"
# Found by the installed binary next to it (share/tripterm/maps), as in a checkout (Assets/maps).
install -m 644 Assets/maps/*.roadmap Assets/maps/README.md "$root/share/tripterm/maps/"
install -m 644 Assets/trips/*.jsonl Assets/trips/NOTICE.md "$root/share/tripterm/trips/"

"$bin" --generate-completion-script bash > "$root/share/bash-completion/completions/tripterm"
"$bin" --generate-completion-script zsh > "$root/share/zsh/site-functions/_tripterm"
"$bin" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/tripterm.fish"

manual=$(mktemp -d)
trap 'rm -rf "$manual"' EXIT
"$generator" "$bin" --output-directory "$manual" --authors "the tripterm authors" >/dev/null
install -m 644 "$manual/tripterm.1" "$root/share/man/man1/tripterm.1"
echo "install: tripterm in $root/bin; maps and sample trips in $root/share/tripterm; man page and completions"
