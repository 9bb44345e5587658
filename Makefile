# tripterm — see README.md. `make demo` and `make test` work on a fresh Debian machine with Swift 6.
SWIFT ?= swift
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: all deps build release test conformance demo clean bench bench-build

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build
	$(SWIFT) test
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

# Benchmarks live in their own package (Benchmarks/Package.swift) so that `swift test` here never builds them.
# See docs/PERFORMANCE.md. A cold run takes a few minutes; each reading benchmark reads a 100,000-line file.
bench: deps
	cd Benchmarks && $(SWIFT) package benchmark --no-progress

bench-build: deps
	cd Benchmarks && $(SWIFT) build -c release
