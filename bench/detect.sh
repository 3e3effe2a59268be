#!/bin/sh
# `slipway detect` against git on the large generated repository: one commit, then every commit of the history.
#
# Usage: bench/detect.sh <slipway-binary>
# Targets (issue 22): `detect HEAD` at most 2x `git diff-tree`'s wall time, here and on the straight shape of
# history.sh (tens of MB of packs, ~2,000 files, a spec with includes and anchors); `detect --each` at most 3x
# `git log`'s wall time and 1.5x its peak memory, on this repository and on each of the four history shapes
# (against `git log --diff-merges=first-parent` there). Prints rows of the table whose header bench.sh prints.
set -u

binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
repo=$("$here/repo.sh") || exit 2
status=0
measure="$here/measure.py"
head=$(git -C "$repo" rev-parse HEAD)
commits=$(git -C "$repo" rev-list --count HEAD)
files=$(git -C "$repo" ls-files | wc -l | tr -d ' ')
# The largest commit after the root (a reformat that touches 2,500 Swift files), and the root (12,000 files).
large=$(git -C "$repo" log --format=%H --grep='run swift-format' -1)
root=$(git -C "$repo" rev-list --max-parents=0 HEAD)

echo "# detect: $repo ($files files, $commits commits, $(git -C "$repo" count-objects -vH | sed -n 's/size-pack: //p') packed)"
python3 "$measure" compare --cwd "$repo" --runs 20 --max-time-ratio 2 \
    --label "detect HEAD vs diff-tree -r --name-only" \
    -- "$binary" detect "$head" --vs git diff-tree -r --name-only "$head" || status=1
python3 "$measure" compare --cwd "$repo" --runs 10 \
    --label "detect 2,500-file commit vs diff-tree" \
    -- "$binary" detect "$large" --vs git diff-tree -r --name-only "$large" || status=1
python3 "$measure" compare --cwd "$repo" --runs 5 \
    --label "detect root commit vs diff-tree --root" \
    -- "$binary" detect "$root" --vs git diff-tree -r --name-only --root "$root" || status=1
python3 "$measure" compare --cwd "$repo" --runs 7 --max-time-ratio 3 --max-memory-ratio 1.5 \
    --label "detect --each HEAD ($commits commits) vs git log" \
    -- "$binary" detect --each HEAD --vs git log --name-status -M --format=%H%n%B HEAD || status=1
# JSON Lines: no target of its own; shows what building and escaping JSON adds (the root commit lists 12,170 files).
python3 "$measure" compare --cwd "$repo" --runs 7 \
    --label "detect --each HEAD --json vs git log" \
    -- "$binary" detect --each HEAD --json --vs git log --name-status -M --format=%H%n%B HEAD || status=1

# The four history shapes (generated once into bench/work/ by history.sh).
log="git log --name-status -M --diff-merges=first-parent --format=%H%n%B HEAD"
for shape in straight includes merges twoapp; do
    shaped=$("$here/history.sh" "$shape") || exit 2
    count=$(git -C "$shaped" rev-list --count HEAD)
    merges=$(git -C "$shaped" rev-list --merges --count HEAD)
    if [ "$shape" = straight ]; then
        echo "# $shape: $(git -C "$shaped" ls-files | wc -l | tr -d ' ') files," \
            "$(git -C "$shaped" count-objects -vH | sed -n 's/size-pack: //p') packed"
        python3 "$measure" compare --cwd "$shaped" --runs 20 --max-time-ratio 2 \
            --label "detect HEAD ($shape) vs diff-tree -M HEAD^ HEAD" \
            -- "$binary" detect HEAD --vs git diff-tree -r -M --name-status HEAD^ HEAD || status=1
    fi
    # Nine interleaved pairs: with five, one busy moment moved a median by a tenth of the ratio.
    runs=9
    [ "$count" -gt 5000 ] && runs=5
    # shellcheck disable=SC2086 # $log is one command line split on purpose
    python3 "$measure" compare --cwd "$shaped" --runs "$runs" --max-time-ratio 3 --max-memory-ratio 1.5 \
        --label "detect --each, $shape ($count commits, $merges merges)" \
        -- "$binary" detect --each HEAD --vs $log || status=1
done
exit $status
