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

# On Linux the release binary is one static executable: the Swift runtime, Foundation, libgit2, libyaml and libcrypto
# linked in, so that a run starts without loading shared libraries (scripts/release-options.sh; the README's "Install").
ifeq ($(shell uname -s),Linux)
STATIC_DIR = $(CURDIR)/.build/static-libs
RELEASE_BUILD = PKG_CONFIG_PATH=$(STATIC_DIR)/pkgconfig $(SWIFT) build -c release $$(scripts/release-options.sh $(STATIC_DIR))
else
RELEASE_BUILD = $(SWIFT) build -c release
endif

# The build users run: `make install` copies it to $(PREFIX)/bin, and `make bench` measures this same binary.
release: setup
	$(RELEASE_BUILD)

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/slipway "$(DESTDIR)$(PREFIX)/bin/slipway"

bench: release
	bench/bench.sh .build/release/slipway

clean:
	rm -rf .build

# A release bundle: the release binary (static Swift runtime on Linux) in a .tar.gz, its sha256, and the manifest
# and in-toto statement Slipway's own `manifest` command writes for it, all in .build/dist/.
.PHONY: dist
dist: setup
	$(RELEASE_BUILD)
	scripts/dist.sh .build/release/slipway
