#!/bin/sh
# The outside check for `slipway bump`: runs ../shared/corpus/check-bump.py (real project.yml files from public
# XcodeGen apps) on the debug binary and fails if any spec comes out FAILED.
# usage: scripts/check-corpus.sh [<slipway-binary>]   (default: .build/debug/slipway)
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
corpus="$here/../shared/corpus"
slipway=${1:-"$here/.build/debug/slipway"}

if [ ! -d "$corpus/specs" ] || [ ! -f "$corpus/check-bump.py" ]; then
    echo "check-corpus: $corpus is not here; skipping the outside check"
    exit 0
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
