#!/bin/sh
# Rewrites scripts/link-order.txt, the order in which the Linux release link places the code Slipway runs (see
# scripts/release-options.sh and the README's "Benchmarks"): builds the release executable with a link map, runs it under
# valgrind's callgrind on the benchmark's commands, and keeps, in that order, one symbol of each input section that
# executed (scripts/link-order.py). Rerun it after large changes to the code on those paths; a stale file still
# links, it only packs less (`make bench` shows the memory rows).
#
# usage: scripts/link-order.sh   (Linux; needs valgrind, python3 and objcopy. It first builds the release executable
# in .build/link-order, which from scratch takes as long as `make release`; the profiles then take about a minute.)
set -eu
cd "$(dirname "$0")/.."
root=$PWD

for tool in valgrind python3 objcopy; do
    command -v "$tool" >/dev/null 2>&1 || { echo "link-order: needs $tool (scripts/setup.sh does not install it)" >&2; exit 69; }
done
static=$root/.build/static-libs
# release-options.sh asks lld for the ordering only when the file exists; a first run starts from no order.
placeholder=""
if [ ! -s scripts/link-order.txt ]; then
    echo "# no order yet" >scripts/link-order.txt
    placeholder=yes
fi
options=$(scripts/release-options.sh "$static")
case $options in
*--symbol-ordering-file=*) ;;
*)
    [ -z "$placeholder" ] || rm -f scripts/link-order.txt
    echo "link-order: scripts/release-options.sh gave no lld ordering options (see its message above)" >&2
    exit 69
    ;;
esac
scratch=$root/.build/link-order
mkdir -p "$scratch/profiles"
rm -f "$scratch/profiles/"*
# shellcheck disable=SC2086 # the options are one word each
PKG_CONFIG_PATH=$static/pkgconfig swift build -c release --scratch-path "$scratch" $options \
    -Xlinker "-Map=$scratch/slipway.map" -Xlinker --no-demangle
# valgrind reads the symbols of a static executable only without its DWARF.
objcopy --strip-debug "$scratch/release/slipway" "$scratch/slipway"

# Outside this checkout, so that slipway does not take the checkout for the spec's repository.
spec=$(mktemp -d "${TMPDIR:-/tmp}/slipway-link-order.XXXXXX")
trap 'rm -rf "$spec"' EXIT
trap 'rm -rf "$spec"; exit 130' INT TERM
bench/bump-spec.sh "$spec"
profile() { # name, directory, arguments...
    name=$1 dir=$2
    shift 2
    echo "link-order: $name: slipway $*" >&2
    (cd "$dir" && valgrind -q --tool=callgrind --dump-instr=yes \
        --callgrind-out-file="$scratch/profiles/$name" "$scratch/slipway" "$@" >/dev/null)
}
# Short commands first: what every commit pays stays in the fewest pages.
straight=$(bench/history.sh straight)
profile 1-version "$scratch" --version
# The hook's work without --within: under valgrind, whose own descriptors it cannot close, the child would not start.
profile 2-hook "$straight" hook post-commit
profile 3-head "$straight" detect HEAD
profile 4-bump "$spec" bump patch --dry-run
profile 5-each "$straight" detect --each HEAD
profile 6-json "$straight" detect --each HEAD --json
profile 7-includes "$(bench/history.sh includes)" detect --each HEAD
profile 8-twoapp "$(bench/history.sh twoapp)" detect --each HEAD

# The glob sorts the files as the commands ran.
python3 scripts/link-order.py "$scratch/slipway.map" "$scratch/profiles/"* >"$scratch/link-order.txt"
mv "$scratch/link-order.txt" scripts/link-order.txt
echo "link-order: scripts/link-order.txt: $(wc -l <scripts/link-order.txt | tr -d ' ') symbols" >&2
# SwiftPM relinks when a source changes, not when the file a linker flag names does: the release executable is
# removed so that the next `make release` links it in the new order.
rm -f .build/*/release/slipway
echo "link-order: the next 'make release' links in this order" >&2
