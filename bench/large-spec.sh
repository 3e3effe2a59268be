#!/bin/sh
# Large specs: `detect`, `doctor`, `run --dry-run` and `release --dry-run` on a generated 10 MB spec (bench/big-spec.sh,
# realistic shape: about 6,000 targets), each against `slipway version` reading the same spec.
#
# Usage: bench/large-spec.sh <slipway-binary> [bytes]   (bytes: the spec's size, default 10000000)
# Target (issue 27): each within 4x `version`'s wall time (8x for release, below): every step is linear in the
# spec's size, so the ratios stay the same on larger specs. The generated spec has doctor findings (missing sources): doctor exits 1 by design, so
# its row runs it through `sh -c` and counts the time, not the verdict. Prints rows of the table bench.sh heads.
set -u

binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
bytes=${2:-10000000}
here=$(cd "$(dirname "$0")" && pwd)
measure="$here/measure.py"
repo="$here/work/large-spec-$bytes"
if [ ! -d "$repo/.git" ]; then
    rm -rf "$repo"
    mkdir -p "$repo"
    git -C "$repo" init -q
    "$here/big-spec.sh" realistic "$bytes" >"$repo/project.yml"
    git -C "$repo" add project.yml
    git -C "$repo" -c user.name=Bench -c user.email=bench@example.com -c commit.gpgsign=false commit -q -m "Large spec"
fi
status=0
echo "# large spec: $(wc -c <"$repo/project.yml" | tr -d ' ') bytes, $(grep -c '^  Target' "$repo/project.yml") targets"
# The release row's target is larger: planning a release reads the spec several times (the bump, the versions,
# the derived stages, detect's verdict), each linear.
for row in "4 detect HEAD" "4 doctor" "4 run --dry-run" "8 release patch --dry-run --no-doctor"; do
    target=${row%% *}
    command=${row#* }
    # shellcheck disable=SC2086 # $command is one command line split on purpose
    python3 "$measure" compare --cwd "$repo" --runs 3 --max-time-ratio "$target" \
        --label "$command vs version (large spec)" \
        -- sh -c '"$0" "$@" >/dev/null 2>&1; exit 0' "$binary" $command \
        --vs "$binary" version || status=1
done
exit $status
