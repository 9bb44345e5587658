#!/usr/bin/env bash
# Installs the Debian packages tripterm's build and tests need, when they are missing and we may (root or
# password-less sudo). Prints what it would install otherwise. Safe to run repeatedly: a no-op when all are present.
set -euo pipefail

# One package per line: what needs it.
packages=(
  jq            # tests read trip files and JSON output with it, as users do
  zlib1g-dev    # gzip-compressed inputs (.json.gz, .gpx.gz)
  pkg-config    # finds zlib for the build
  libncursesw5-dev  # the terminal UI (ncursesw headers; transitional name for libncurses-dev)
  tmux          # end-to-end tests drive the terminal UI in a detached tmux session
  libsqlite3-dev  # the local server stores trips and vehicles in SQLite (GRDB)
  wrk           # the server benchmark loads it over loopback
  python3-venv  # the server conformance test installs Google's Fleet Engine client (PyPI) into a venv
  gpsd          # the driver end-to-end test reads positions from gpsd (tripterm driver --gpsd)
  gpsd-clients  # gpsfake feeds gpsd a recorded NMEA log in that test
  protobuf-compiler  # protoc: the conformance step's drift test compiles Protos/ (also scripts/generate-protos.sh)
  libprotobuf-dev    # the well-known types' .proto files (Timestamp, Duration…) that Protos/ imports; protoc needs them
  libxml2-dev   # the release binary links Foundation statically, and FoundationXML's libxml2 by name (Package.swift)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo=(sudo -n)
else
  echo "install-deps: missing ${missing[*]}; run as root or install them: apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
