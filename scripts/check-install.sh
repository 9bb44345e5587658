#!/usr/bin/env bash
# `make test`'s check of `make install` (scripts/install.sh) on the debug build, into a throwaway PREFIX: the
# installed binary runs and finds its maps, the man page renders, and each completion script parses in its shell.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
CONFIGURATION=debug PREFIX="$prefix" ./scripts/install.sh >/dev/null
fail() { echo "check-install: $*" >&2; exit 1; }
"$prefix/bin/tripterm" --version >/dev/null || fail "the installed binary does not run"
# The replay's map comes from share/tripterm/maps beside the installed binary (the checkout is not searched from
# there): a street name of the bundled Monaco map must be drawn.
(cd / && "$prefix/bin/tripterm" replay "$prefix/share/tripterm/trips/monaco-stops.jsonl" --snapshot --at 50% \
  --size 100x30) | grep -q "Boulevard" || fail "the installed binary does not find its bundled map"
if command -v man >/dev/null; then
  MANPATH="$prefix/share/man" man -P cat tripterm 2>/dev/null | grep -q "Fleet Engine" || fail "man tripterm shows nothing"
fi
bash -n "$prefix/share/bash-completion/completions/tripterm" || fail "the bash completion does not parse"
grep -q '^#compdef tripterm' "$prefix/share/zsh/site-functions/_tripterm" || fail "the zsh completion has no #compdef"
grep -q "token-file" "$prefix/share/fish/vendor_completions.d/tripterm.fish" || fail "the fish completion lacks the options"
echo "check-install: make install works (binary, maps, man page, bash/zsh/fish completions)"
