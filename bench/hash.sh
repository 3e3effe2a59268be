#!/bin/sh
# Hashing throughput: `slipway manifest --artifact` on a 1 GiB file against sha256sum on the same file, best of
# three warm-cache runs each, with peak memory for a 1 GiB and a 1 MiB artifact (flat memory means the two match).
# Usage: bench/hash.sh <slipway-binary>      HASH_BENCH_MIB=<size> overrides the 1024 MiB artifact.
set -eu

slipway=${1:?usage: bench/hash.sh <slipway-binary>}
case "$slipway" in /*) ;; *) slipway="$(pwd)/$slipway" ;; esac
[ -x "$slipway" ] || { echo "hash.sh: $slipway is not an executable" >&2; exit 2; }
mib=${HASH_BENCH_MIB:-1024}
runs=3

if command -v sha256sum >/dev/null 2>&1; then sha="sha256sum"; else sha="shasum -a 256"; fi

work=$(mktemp -d "${TMPDIR:-/tmp}/slipway-hash-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
repo="$work/repo"
mkdir -p "$repo/build"
cd "$repo"
git init -q
git -c user.name=bench -c user.email=bench@example.com commit -q --allow-empty -m "bench"
# Random bytes, so no layer below can shortcut the work.
dd if=/dev/urandom of=build/big.bin bs=1048576 count="$mib" 2>/dev/null
dd if=/dev/urandom of=build/small.bin bs=1048576 count=1 2>/dev/null
cat build/big.bin >/dev/null # warm the page cache: measure hashing, not the disk

now() { date +%s.%N 2>/dev/null | grep -v N || python3 -c 'import time; print(time.time())'; }

# Peak resident memory in KiB of one run of "$@" (GNU time -f, or BSD time -l in bytes).
peak_kib() {
    if /usr/bin/time -f %M true >/dev/null 2>&1; then
        /usr/bin/time -f %M -o "$work/rss" "$@" >/dev/null 2>&1
        cat "$work/rss"
    else
        /usr/bin/time -l "$@" 2>"$work/rss" >/dev/null
        awk '/maximum resident set size/ { printf "%d\n", $1 / 1024 }' "$work/rss"
    fi
}

# Best wall time of $runs runs of "$@", in seconds.
best_seconds() {
    best=""
    i=0
    while [ "$i" -lt "$runs" ]; do
        start=$(now)
        "$@" >/dev/null 2>&1
        end=$(now)
        best=$(awk -v s="$start" -v e="$end" -v b="$best" 'BEGIN { t = e - s; if (b == "" || t < b) print t; else print b }')
        i=$((i + 1))
    done
    echo "$best"
}

# The manifest goes inside the repository, as Slipway requires of every manifest path.
manifest() { "$slipway" manifest --artifact "$1" --output "$repo/out/manifest.json"; }

# Both tools must agree before their speed means anything.
manifest build/big.bin >/dev/null
ours=$(sed -n 's/^\([0-9a-f]\{64\}\)  build\/big.bin$/\1/p' "$repo/out/checksums.txt")
theirs=$($sha build/big.bin | cut -c1-64)
if [ "$ours" != "$theirs" ]; then
    echo "hash.sh: digests differ: slipway $ours, $sha $theirs" >&2
    exit 1
fi

reference=$(best_seconds $sha build/big.bin)
measured=$(best_seconds manifest build/big.bin)
rss_big=$(peak_kib "$slipway" manifest --artifact build/big.bin --output "$repo/out/manifest.json")
rss_small=$(peak_kib "$slipway" manifest --artifact build/small.bin --output "$repo/out/manifest.json")
rss_reference=$(peak_kib $sha build/big.bin)

# Two rows of bench.sh's table (measure.py's ROW layout): throughput against the system tool, and flat memory.
awk -v mib="$mib" -v ref="$reference" -v ours="$measured" -v big="$rss_big" -v small="$rss_small" -v refrss="$rss_reference" -v tool="$sha" 'BEGIN {
    row = "%-50s %10s %10s %7s  %10s %10s %6s %6s  %-22s %s\n"
    speed = ref / ours * 100
    printf row, sprintf("manifest --artifact, %d MiB vs %s", mib, tool), sprintf("%.3f s", ours), sprintf("%.3f s", ref),
        sprintf("%.2fx", ours / ref), sprintf("%.1f MiB", big / 1024), sprintf("%.1f MiB", refrss / 1024),
        sprintf("%.2fx", big / refrss), "", "speed >= 80% of it", sprintf("%s, %.0f%% of the speed of %s", speed >= 80 ? "ok" : "BELOW", speed, tool)
    printf row, sprintf("manifest memory, 1 MiB then %d MiB artifact", mib), "", "", "", sprintf("%.1f MiB", big / 1024),
        sprintf("%.1f MiB", small / 1024), sprintf("%+.1f", (big - small) / 1024), "", "flat (< 16 MiB more)",
        ((big - small) < 16384 ? "ok" : "NOT FLAT")
}'
