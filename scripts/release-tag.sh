#!/bin/sh
# Prints the version a release tag names, after checking it is the version Slipway reports (Slipway.version in
# Sources/SlipwayCore/Slipway.swift): the release workflow (.github/workflows/release.yml) builds nothing for a tag
# that disagrees, since the assets are named after the binary's `slipway --version`.
# usage: scripts/release-tag.sh <tag>   (v0.2.0)
set -eu
cd "$(dirname "$0")/.."

tag=${1:?usage: scripts/release-tag.sh <tag>}
source=Sources/SlipwayCore/Slipway.swift
version=$(sed -n 's/^ *public static let version = "\([^"]*\)"$/\1/p' "$source")
if [ -z "$version" ]; then
    echo "::error file=$source::no 'public static let version = \"…\"' line to read the version from"
    exit 1
fi
if [ "$tag" != "v$version" ]; then
    echo "::error file=$source::the tag $tag does not name Slipway's version $version; tag v$version, or set the" \
        "version in $source, commit, and tag that commit"
    exit 1
fi
echo "$version"
