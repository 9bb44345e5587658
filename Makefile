# tripterm — see README.md. `make demo` and `make test` work on a fresh Debian machine with Swift 6.
SWIFT ?= swift
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: all deps build release test conformance demo clean install format bench bench-build bench-packages bench-server bench-rider bench-demo-city bench-fleet bench-city bench-depot

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Every suite (in one `swift test` run) and the conformance test.
# SANITIZER=address|thread runs the same on a build of its own under that sanitizer (docs/TESTING.md).
SANITIZER ?=
test: deps
	SWIFT=$(SWIFT) ./scripts/test.sh $(SANITIZER)

# `tripterm serve` against Google's own message types (google-maps-fleetengine, installed into a venv under .build).
conformance: build
	SWIFT=$(SWIFT) ./Tests/conformance/run.sh

# The local server, a simulated driver and the rider's map of a trip in Monaco (q quits). Without a terminal it
# prints the rider's callbacks and exits when the trip is complete.
demo: build
	$(SWIFT) run --skip-build tripterm demo

clean:
	rm -rf .build

# The release binary, its bundled maps and sample trips, bash/zsh/fish completions and `man tripterm`, all under
# PREFIX (DESTDIR is prepended for packagers). The completions and man page come from the command definitions.
PREFIX ?= /usr/local
install: deps
	SWIFT=$(SWIFT) PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) ./scripts/install.sh

# Formats every Swift file with the toolchain's swift-format and the committed .swift-format; `make test` lints.
format:
	SWIFT=$(SWIFT) ./scripts/format.sh

# Every benchmark (docs/PERFORMANCE.md): package-benchmark's (their own package, Benchmarks/Package.swift, so that
# `swift test` here never builds them; each reading benchmark reads a 100,000-line file), then, on the release
# build, the server under wrk next to nginx (and GetTrip over gRPC) and its writes next to PostgreSQL, the rider at
# rest plus a 100k-event replay, a 200-car demo city keeping time for 5 minutes, the fleet view following 1,000
# vehicles at rest, and the city: 10,000 vehicles reporting and 10,000 riders polling every 5 s for 60 s, open loop
# (bench-city: CITY, DURATION; FIND_MAX=1 searches instead for the largest city that holds). A cold run takes about 35
# minutes, most of it release builds, the demo city's 5 minutes, the rider's and fleet's 60 idle seconds and the
# city's minute.
bench: bench-packages bench-server bench-rider bench-demo-city bench-fleet bench-city

bench-packages: deps
	cd Benchmarks && $(SWIFT) package benchmark --no-progress

bench-server: deps
	$(SWIFT) build -c release --product tripterm
	SWIFT=$(SWIFT) ./scripts/bench-server.sh
	SWIFT=$(SWIFT) ./scripts/bench-writes.sh

bench-rider: deps
	$(SWIFT) build -c release --product tripterm
	SWIFT=$(SWIFT) ./scripts/bench-rider.sh

bench-demo-city: deps
	$(SWIFT) build -c release --product tripterm
	SWIFT=$(SWIFT) ./scripts/bench-demo-city.sh

bench-fleet: deps
	$(SWIFT) build -c release --product tripterm
	SWIFT=$(SWIFT) ./scripts/bench-fleet.sh

bench-city: deps
	$(SWIFT) build -c release --product tripterm
	SWIFT=$(SWIFT) ./scripts/bench-city.sh

# The depot city (issue 36): 1,000 vans with 50 tasks each, every shipment polled (scripts/bench-city.sh).
bench-depot: deps
	$(SWIFT) build -c release --product tripterm
	CITY=$${CITY:-1000} DEPOT_TASKS=$${DEPOT_TASKS:-50} SWIFT=$(SWIFT) ./scripts/bench-city.sh

# The benchmarks compile (CI's plain turn): a debug build, since a compile check needs no optimiser and the
# release stack `make bench` builds takes far longer.
bench-build: deps
	cd Benchmarks && $(SWIFT) build

# What CI runs (scripts/ci-check.sh, docs/TESTING.md "In CI"): `make test` on one of three builds in turn — plain
# (then the benchmarks compile), AddressSanitizer (then the fuzzers' smoke run), ThreadSanitizer. CI_CHECK=plain|
# address|thread picks one; `make ci-checks` runs all three (about 45 minutes cold on two cores).
.PHONY: ci-check ci-checks sanitize sanitize-address sanitize-thread fuzz
ci-check:
	./scripts/ci-check.sh rotation

ci-checks:
	./scripts/ci-check.sh all

# The sanitized test runs, each in its own scratch path, never the shared .build. The ASan build also holds the
# fuzzers, so `make sanitize-address fuzz` compiles the stack once.
FUZZ_SECONDS ?= 10
FUZZ_JOBS ?= 2

sanitize: sanitize-address sanitize-thread

sanitize-address:
	$(MAKE) test SANITIZER=address

sanitize-thread:
	$(MAKE) test SANITIZER=thread

# Each target for FUZZ_SECONDS, FUZZ_JOBS at a time; docs/TESTING.md has the long run.
fuzz: deps
	SWIFT=$(SWIFT) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) ./scripts/fuzz.sh
