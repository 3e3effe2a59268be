#!/bin/sh
# The outside check for `slipway bump`: runs ../shared/corpus/check-bump.py (real project.yml files from public
# XcodeGen apps) on the debug binary and fails if any spec comes out FAILED. A missing corpus is a failure too:
# a check that skips itself is a check nobody runs.
# usage: scripts/check-corpus.sh [<slipway-binary>]   (default: .build/debug/slipway)
#        SLIPWAY_CORPUS=<folder> scripts/check-corpus.sh   (a corpus somewhere else)
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${SLIPWAY_CORPUS:-"$(dirname "$here")/shared/corpus"}
slipway=${1:-"$here/.build/debug/slipway"}

if [ ! -d "$corpus/specs" ] || [ ! -f "$corpus/check-bump.py" ]; then
    {
        echo "check-corpus: no corpus at $corpus (it needs specs/ and check-bump.py)"
        echo "check-corpus: put the corpus in shared/corpus beside this repository's folder," \
            "or point SLIPWAY_CORPUS at the folder that holds it"
    } >&2
    exit 1
fi
if [ ! -x "$slipway" ]; then
    echo "check-corpus: $slipway is not built; run 'swift build' first" >&2
    exit 1
fi
if ! python3 -c 'import yaml' >/dev/null 2>&1; then
    echo "check-corpus: installing PyYAML"
    python3 -m pip install --quiet pyyaml || python3 -m pip install --quiet --break-system-packages pyyaml
fi

output=$(python3 "$corpus/check-bump.py" "$slipway" "$corpus/specs") || status=$?
printf '%s\n' "$output"
if printf '%s\n' "$output" | grep -q '^FAILED'; then
    echo "check-corpus: some specs FAILED" >&2
    exit 1
fi
exit "${status:-0}"
