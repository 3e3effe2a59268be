#!/bin/sh
# Benchmark for `slipway bump`: generates a 10,000-line project.yml with 200 targets in a temporary folder and
# prints the wall time and peak memory of `slipway bump patch --dry-run` on it, the median of several runs (one row
# of bench.sh's table). No target: the row says what a user of a spec this large waits for a dry run.
# usage: bench/bump.sh <slipway-binary> [runs]
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 <slipway-binary> [runs]" >&2
    exit 64
fi
slipway=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
runs=${2:-11}
work=$(mktemp -d "${TMPDIR:-/tmp}/slipway-bench-bump.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

"$(dirname "$0")/bump-spec.sh" "$work"
lines=$(wc -l <"$work/project.yml" | tr -d ' ')

# The dry run must succeed before it is timed.
(cd "$work" && "$slipway" bump patch --dry-run > /dev/null)

python3 "$(dirname "$0")/measure.py" run --cwd "$work" --runs "$runs" \
    --label "bump patch --dry-run, $lines-line spec" \
    -- "$slipway" bump patch --dry-run
