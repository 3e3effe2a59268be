#!/bin/sh
# Xcode Cloud runs this before each xcodebuild. Stage: version. Sets the build number to Xcode Cloud's
# CI_BUILD_NUMBER in project.yml and regenerates the project so the build carries it.
# Installed by 'slipway ci install xcode-cloud'.
set -eu

build=${CI_BUILD_NUMBER:?Xcode Cloud sets CI_BUILD_NUMBER}
cd "${CI_PRIMARY_REPOSITORY_PATH:?Xcode Cloud sets CI_PRIMARY_REPOSITORY_PATH}"
PATH="$HOME/.slipway/bin:$PATH"

slipway bump --build "$build"
# --if-present: a project whose own 'stages:' has no 'generate' stage has nothing to generate here.
slipway run --if-present generate
