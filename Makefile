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

# Until the terminal map lands, the demo replays the bundled Monaco trip headless at ×20 (about 40 s).
demo: build
	$(SWIFT) run --skip-build tripterm replay Assets/trips/monaco-stops.jsonl --headless --speed 20

clean:
	rm -rf .build

# Benchmarks live in their own package (Benchmarks/Package.swift) so that `swift test` here never builds them.
# See docs/PERFORMANCE.md. A cold run takes a few minutes; each reading benchmark reads a 100,000-line file.
bench: deps
	cd Benchmarks && $(SWIFT) package benchmark --no-progress

bench-build: deps
	cd Benchmarks && $(SWIFT) build -c release
