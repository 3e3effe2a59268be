# The two commands a fresh machine needs: `make run` (the main job on the bundled example app) and `make test`.
SWIFT ?= swift
BIN = .build/debug/slipway

.PHONY: setup build test run bench clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	scripts/lint.sh
	scripts/check-corpus.sh

run: build
	scripts/run-example.sh $(BIN)

bench: setup
	$(SWIFT) build -c release
	bench/bench.sh .build/release/slipway

clean:
	rm -rf .build
