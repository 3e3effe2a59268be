# The two commands a fresh machine needs: `make run` (the main job on the bundled example app) and `make test`.
SWIFT ?= swift
BIN = .build/debug/slipway

PREFIX ?= /usr/local

.PHONY: setup build test run release install bench clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

# The tests run check-jsonschema and PyYAML from scripts/python-tools.sh's venv, so it is installed before they start.
test: setup
	scripts/python-tools.sh
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	$(SWIFT) test --skip-build
	$(SWIFT) format lint --strict --recursive Sources Tests
	scripts/lint.sh

run: build
	scripts/run-example.sh $(BIN)

# The build users run: `swift build -c release`, with the Swift runtime linked in on Linux (macOS has it in the OS).
# `make install` copies it to $(PREFIX)/bin, and `make bench` measures this same binary. The C libraries come from
# the system here; the released binaries link static ones (scripts/build-static-libs.sh, .github/workflows/release.yml).
ifeq ($(shell uname -s),Linux)
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib
else
RELEASE_BUILD = $(SWIFT) build -c release
endif

release: setup
	$(RELEASE_BUILD)

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/slipway "$(DESTDIR)$(PREFIX)/bin/slipway"

bench: release
	bench/bench.sh .build/release/slipway

clean:
	rm -rf .build

# A release bundle of this machine's release build in .build/dist/: the .tar.gz, its sha256, and the manifest and
# in-toto statement Slipway's own `manifest` command writes for it (scripts/dist.sh).
.PHONY: dist
dist: release
	scripts/dist.sh .build/release/slipway
