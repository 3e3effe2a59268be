#!/bin/sh
# Rewrites scripts/link-order.txt, the order in which the Linux release link places the code Slipway runs (see
# scripts/release-options.sh and the README's "Speed"): builds the release executable with a link map, runs it under
# valgrind's callgrind on the benchmark's commands, and keeps, in that order, one symbol of each input section that
# executed (scripts/link-order.py). Rerun it after large changes to the code on those paths; a stale file still
# links, it only packs less (`make bench` shows the memory rows).
#
# usage: scripts/link-order.sh   (Linux, needs valgrind and python3; about 3 minutes after the build)
set -eu
cd "$(dirname "$0")/.."
root=$PWD

command -v valgrind >/dev/null 2>&1 || { echo "link-order: needs valgrind (apt-get install valgrind)" >&2; exit 69; }
static=$root/.build/static-libs
# release-options.sh asks lld for the ordering only when the file exists; a first run starts from no order.
[ -s scripts/link-order.txt ] || echo "# no order yet" >scripts/link-order.txt
options=$(scripts/release-options.sh "$static")
case $options in
*--symbol-ordering-file=*) ;;
*)
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
trap 'rm -rf "$spec"' EXIT INT TERM
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

# The files sort as the commands ran.
# shellcheck disable=SC2046 # one word per profile file (the names hold no spaces)
python3 scripts/link-order.py "$scratch/slipway.map" $(find "$scratch/profiles" -type f | LC_ALL=C sort) \
    >scripts/link-order.txt.tmp
mv scripts/link-order.txt.tmp scripts/link-order.txt
echo "link-order: scripts/link-order.txt: $(wc -l <scripts/link-order.txt | tr -d ' ') symbols" >&2
