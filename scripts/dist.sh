#!/bin/sh
# Packs a release build of slipway into .build/dist/slipway-<version>-<os>-<arch>.tar.gz (bin/slipway, README.md,
# CHANGELOG.md), writes its sha256 beside it, and records it with Slipway's own manifest command: manifest.json,
# checksums.txt and the in-toto statement provenance.intoto.json in .build/dist/. `make dist` builds the binary
# (static Swift runtime on Linux, the flags of `make bench` and `make install`) and runs this.
# usage: scripts/dist.sh <path of the release slipway binary>
set -eu
cd "$(dirname "$0")/.."
binary=${1:?usage: scripts/dist.sh <path of the release slipway binary>}

version=$("$binary" --version)
os=$(uname -s | tr '[:upper:]' '[:lower:]')
name="slipway-$version-$os-$(uname -m)"
dist=.build/dist
rm -rf "${dist:?}/$name" "$dist/$name.tar.gz" "$dist/$name.tar.gz.sha256"
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
"$binary" manifest --artifact "$dist/$name.tar.gz" --in-toto --output "$dist/"
echo "dist: $dist/$name.tar.gz"
