# The two commands a fresh machine needs: `make run` (the main job on the bundled example app) and `make test`.
SWIFT ?= swift
BIN = .build/debug/slipway

PREFIX ?= /usr/local

.PHONY: setup build test run release install bench clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

# The tests run check-jsonschema from scripts/python-tools.sh's venv, so it is installed before they start.
test: setup
	scripts/python-tools.sh
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	$(SWIFT) test --skip-build
	$(SWIFT) format lint --strict --recursive Sources Tests
	scripts/lint.sh
	scripts/check-corpus.sh

run: build
	scripts/run-example.sh $(BIN)

# On Linux the release binary links the Swift runtime and Foundation statically (see the README's benchmarks).
STATIC_STDLIB = $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)

# The build users run: `make install` copies it to $(PREFIX)/bin, and `make bench` measures this same binary.
release: setup
	$(SWIFT) build -c release $(STATIC_STDLIB)

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/slipway "$(DESTDIR)$(PREFIX)/bin/slipway"

bench: release
	bench/bench.sh .build/release/slipway

clean:
	rm -rf .build
