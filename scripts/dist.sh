#!/bin/sh
# Packs a release build of slipway into .build/dist/slipway-<version>-<os>-<arch>.tar.gz (bin/slipway, README.md,
# CHANGELOG.md) and writes beside it <asset>.sha256 (`shasum -a 256` format), and, from Slipway's own manifest
# command, <asset>.manifest.json and the in-toto statement <asset>.intoto.json. <os> is darwin or linux; <arch> is
# the binary's: universal for a macOS binary with more than one architecture. The release workflow
# (.github/workflows/release.yml) attaches these files to the GitHub release; `make dist` packs this machine's build.
# usage: scripts/dist.sh <path of the release slipway binary>
set -eu
cd "$(dirname "$0")/.."
binary=${1:?usage: scripts/dist.sh <path of the release slipway binary>}

version=$("$binary" --version)
os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
if [ "$os" = darwin ]; then
    archs=$(lipo -archs "$binary")
    case $archs in
    *" "*) arch=universal ;;
    *) arch=$archs ;;
    esac
fi
name="slipway-$version-$os-$arch"
dist=.build/dist
record="$dist/$name.record"
rm -rf "${dist:?}/$name" "$record" "$dist/$name".*
mkdir -p "$dist/$name/bin"
cp "$binary" "$dist/$name/bin/slipway"
cp README.md CHANGELOG.md "$dist/$name/"

# GNU tar (Linux) writes the same bytes for the same files: sorted names, no owner, one fixed time; gzip -n
# leaves out the name and time of the file it compresses.
if tar --version 2>/dev/null | grep -q 'GNU tar'; then
    tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$dist" -cf - "$name" | gzip -n -9 >"$dist/$name.tar.gz"
else
    tar -C "$dist" -cf - "$name" | gzip -n -9 >"$dist/$name.tar.gz"
fi
rm -rf "${dist:?}/$name"
(cd "$dist" && shasum -a 256 "$name.tar.gz" >"$name.tar.gz.sha256")
# The manifest command writes manifest.json, checksums.txt and provenance.intoto.json into one folder; each asset
# gets its own names, so that the macOS and Linux records sit side by side on the release.
# (Its own report names the folder's files, which are renamed here; the list below replaces it.)
"$binary" manifest --artifact "$dist/$name.tar.gz" --in-toto --output "$record/" >/dev/null
mv "$record/manifest.json" "$dist/$name.manifest.json"
mv "$record/provenance.intoto.json" "$dist/$name.intoto.json"
rm -rf "$record"
for file in "$name.tar.gz" "$name.tar.gz.sha256" "$name.manifest.json" "$name.intoto.json"; do
    echo "dist: $dist/$file"
done
