# tripterm — see README.md. `make demo` and `make test` work on a fresh Debian machine with Swift 6.
SWIFT ?= swift
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: all deps build release test conformance demo clean bench bench-build bench-packages bench-server bench-rider

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The suites run in four `swift test` runs (scripts/test-suites.sh says why).
test: deps
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) ./scripts/run-tests.sh
	$(MAKE) conformance

# `tripterm serve` against Google's own message types (google-maps-fleetengine, installed into a venv under .build).
conformance: build
	SWIFT=$(SWIFT) ./Tests/conformance/run.sh

# The local server, a simulated driver and the rider's map of a trip in Monaco (q quits). Without a terminal it
# prints the rider's callbacks and exits when the trip is complete.
demo: build
	$(SWIFT) run --skip-build tripterm demo

clean:
	rm -rf .build

# Every benchmark (docs/PERFORMANCE.md): package-benchmark's (their own package, Benchmarks/Package.swift, so that
# `swift test` here never builds them; each reading benchmark reads a 100,000-line file), then, on the release
# build, the server under wrk next to nginx, and the rider at rest plus a 100k-event replay. A cold run takes
# about 20 minutes, most of it release builds and the rider's 60 idle seconds.
bench: bench-packages bench-server bench-rider

bench-packages: deps
	cd Benchmarks && $(SWIFT) package benchmark --no-progress

bench-server: deps
	$(SWIFT) build -c release --product tripterm
	SWIFT=$(SWIFT) ./scripts/bench-server.sh

bench-rider: deps
	$(SWIFT) build -c release --product tripterm
	SWIFT=$(SWIFT) ./scripts/bench-rider.sh

bench-build: deps
	cd Benchmarks && $(SWIFT) build -c release

# The longer checks CI takes in turn, one per run (scripts/ci-check.sh, docs/TESTING.md "In CI"): the benchmarks
# compile, every test under AddressSanitizer with the fuzzers' smoke run, the concurrent suites under ThreadSanitizer.
# CI_CHECK=bench-build|asan|tsan picks one; `make ci-checks` runs all three (about 45 minutes cold).
.PHONY: ci-check ci-checks
ci-check:
	./scripts/ci-check.sh rotation

ci-checks:
	./scripts/ci-check.sh all

# Sanitizers and fuzzers (docs/TESTING.md), each in its own scratch path, never the shared .build. The ASan build
# also holds the fuzzers, so `make sanitize-address fuzz` compiles the stack once.
.PHONY: sanitize sanitize-address sanitize-thread fuzz
FUZZ_SECONDS ?= 10
FUZZ_JOBS ?= 2

sanitize: sanitize-address sanitize-thread

sanitize-address: deps
	SWIFT=$(SWIFT) ./scripts/sanitize.sh address

# The suites where tripterm's own concurrency lives (HTTP client and token cache, server, vehicle reporter, trip
# model and replay); the end-to-end suites would run TSan-built tripterm processes through tmux, too slow to time.
TSAN_SUITES ?= FleetClientTests|FleetServerTests|DriverKitTests|TripFollowingTests
sanitize-thread: deps
	SWIFT=$(SWIFT) ./scripts/sanitize.sh thread --filter '$(TSAN_SUITES)'

# Each target for FUZZ_SECONDS, FUZZ_JOBS at a time; docs/TESTING.md has the long run.
fuzz: deps
	SWIFT=$(SWIFT) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) ./scripts/fuzz.sh
