#!/bin/sh
# Rewrites the golden files from the current build: spec edits (Tests/Fixtures/Specs/*/expected), project models
# and derived plans (Tests/Fixtures/Projects, the corpus's under Tests/Fixtures/Projects/corpus). Review the diff.
# usage: scripts/update-goldens.sh   (after swift build --build-tests)
set -eu
cd "$(dirname "$0")/.."
# The spec goldens record an issue for every file they rewrite, so the run's status says nothing here.
SLIPWAY_UPDATE_GOLDENS=1 swift test --skip-build --filter 'SpecGoldenTests|ProjectModelTests|DerivedPlanTests' \
    >/dev/null 2>&1 || true
git status --short Tests/Fixtures
