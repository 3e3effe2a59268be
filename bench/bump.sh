#!/bin/sh
# Benchmark for `slipway bump`: generates a 10,000-line project.yml with 200 targets in a temporary folder and
# prints the wall time of `slipway bump patch --dry-run` against the process start-up (`slipway --version`),
# each the median of several interleaved runs, and their ratio (one row of bench.sh's table). Both take a few
# milliseconds, so 31 pairs (a third of a second) steady the medians a busy moment would move.
# usage: bench/bump.sh <slipway-binary> [runs]
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 <slipway-binary> [runs]" >&2
    exit 64
fi
slipway=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
runs=${2:-31}
work=$(mktemp -d "${TMPDIR:-/tmp}/slipway-bench-bump.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

"$(dirname "$0")/bump-spec.sh" "$work"
lines=$(wc -l <"$work/project.yml" | tr -d ' ')

# The dry run must succeed before it is timed.
(cd "$work" && "$slipway" bump patch --dry-run > /dev/null)

# Interleaved runs of both, so a busy machine slows them alike; one row of bench.sh's table. Target (issue 13): 3x.
python3 "$(dirname "$0")/measure.py" compare --cwd "$work" --runs "$runs" --max-time-ratio 3 \
    --label "bump patch --dry-run, $lines-line spec vs --version" \
    -- "$slipway" bump patch --dry-run --vs "$slipway" --version
