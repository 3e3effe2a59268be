#!/bin/sh
# Xcode Cloud runs this after each xcodebuild. Stage: record. After an archive, writes a release manifest (with
# checksums) for the archive, zipped into build/; other actions (build, test, analyze) have nothing to record.
# Installed by 'slipway ci install xcode-cloud'.
set -eu

if [ "${CI_XCODEBUILD_ACTION:-}" != archive ]; then
    exit 0
fi
if [ "${CI_XCODEBUILD_EXIT_CODE:-0}" != 0 ]; then
    echo "slipway: the archive failed (exit ${CI_XCODEBUILD_EXIT_CODE}); no manifest written" >&2
    exit 0
fi
archive=${CI_ARCHIVE_PATH:?Xcode Cloud sets CI_ARCHIVE_PATH for an archive action}
cd "${CI_PRIMARY_REPOSITORY_PATH:?Xcode Cloud sets CI_PRIMARY_REPOSITORY_PATH}"
PATH="$HOME/.slipway/bin:$PATH"

# A zip is one file with one checksum; ditto keeps the bundle's symlinks and extended attributes.
mkdir -p build
zipped="build/$(basename "$archive").zip"
ditto -c -k --keepParent "$archive" "$zipped"
slipway manifest --artifact "$zipped"
