#!/bin/sh
# Xcode Cloud runs this after each xcodebuild. Stage: record. After an archive: writes the TestFlight notes
# (TestFlight/WhatToTest.en-US.txt beside ci_scripts/, from 'slipway notes', which Xcode Cloud hands to TestFlight
# after this script) and a manifest of the zipped archive, with CI_BUILD_NUMBER as its build (the build that was
# built, not the committed one) in .slipway/xcode-cloud/build-<n>/, beside any release manifest. Other actions
# (build, test, analyze) have nothing to record. Installed by 'slipway ci install xcode-cloud'.
# Several apps ('apps:' in .slipway.yml): Xcode Cloud has a workflow per app, so set SLIPWAY_APP=<name> in each
# workflow's environment; the notes and the manifest are that app's (--app),
# in .slipway/xcode-cloud/<app>/build-<n>/. One app: leave it unset.
set -eu

if [ "${CI_XCODEBUILD_ACTION:-}" != archive ]; then
    exit 0
fi
if [ "${CI_XCODEBUILD_EXIT_CODE:-0}" != 0 ]; then
    echo "slipway: the archive failed (exit ${CI_XCODEBUILD_EXIT_CODE}); no manifest written" >&2
    exit 0
fi
archive=${CI_ARCHIVE_PATH:?Xcode Cloud sets CI_ARCHIVE_PATH for an archive action}
build=${CI_BUILD_NUMBER:?Xcode Cloud sets CI_BUILD_NUMBER}
scripts=$(cd "$(dirname "$0")" && pwd)
cd "${CI_PRIMARY_REPOSITORY_PATH:?Xcode Cloud sets CI_PRIMARY_REPOSITORY_PATH}"
PATH="$HOME/.slipway/bin:$PATH"

# TestFlight takes at most 4,000 bytes of notes for testers.
mkdir -p "$scripts/../TestFlight"
slipway notes --format text ${SLIPWAY_APP:+--app "$SLIPWAY_APP"} | head -c 4000 >"$scripts/../TestFlight/WhatToTest.en-US.txt"

# A zip is one file with one checksum; ditto keeps the bundle's symlinks and extended attributes.
mkdir -p build
zipped="build/$(basename "$archive").zip"
ditto -c -k --keepParent "$archive" "$zipped"
slipway manifest --artifact "$zipped" --build "$build" ${SLIPWAY_APP:+--app "$SLIPWAY_APP"} \
    --output ".slipway/xcode-cloud/${SLIPWAY_APP:+$SLIPWAY_APP/}build-$build/"
