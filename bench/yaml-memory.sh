#!/bin/sh
# Benchmark for the YAML layer's memory: generates two ~100 MB specs in temporary git repositories and prints the
# peak resident memory of `slipway version` on each, as a ratio to the spec's size, against the target of 3x.
# Shapes (bench/big-spec.sh writes them): realistic XcodeGen targets, and one dense target. Peak memory is ru_maxrss
# of slipway alone (`bench/rusage.c` when a C compiler is there, else GNU /usr/bin/time).
# usage: bench/yaml-memory.sh <slipway-binary> [bytes]   (bytes: each spec's size, default 100000000)
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 <slipway-binary> [bytes]" >&2
    exit 64
fi
slipway=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
bytes=${2:-100000000}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/slipway-bench-yaml.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# Peak resident memory of `slipway version` in a folder, in bytes.
peak() { # folder
    if [ -x "$work/rusage" ] || { command -v cc >/dev/null 2>&1 && cc -O2 -o "$work/rusage" "$here/rusage.c" 2>/dev/null; }; then
        (cd "$1" && "$work/rusage" /dev/null "$slipway" version) | awk '{ print $2 }'
    else
        (cd "$1" && /usr/bin/time -f '%M' "$slipway" version 2>&1 >/dev/null | tail -1 | awk '{ print $1 * 1024 }')
    fi
}

echo "YAML memory: peak resident memory of 'slipway version' on a generated spec (target: at most 3x its size)"
printf '%-10s %12s %12s %8s %8s\n' shape "spec bytes" "peak RSS" ratio target
status=0
for shape in realistic dense; do
    repo="$work/$shape"
    mkdir -p "$repo"
    git init -q "$repo"
    "$here/big-spec.sh" "$shape" "$bytes" >"$repo/project.yml"
    size=$(wc -c <"$repo/project.yml" | tr -d ' ')
    rss=$(peak "$repo")
    ratio=$(awk -v r="$rss" -v s="$size" 'BEGIN { printf "%.2f", r / s }')
    verdict=$(awk -v x="$ratio" 'BEGIN { print (x <= 3 ? "ok" : "MISSED") }')
    [ "$verdict" = ok ] || status=1
    printf '%-10s %12s %9s MiB %7sx %5s %s\n' "$shape" "$size" "$(awk -v r="$rss" 'BEGIN { printf "%.0f", r / 1048576 }')" \
        "$ratio" "3x" "$verdict"
done
exit $status
