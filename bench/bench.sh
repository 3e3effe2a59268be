#!/bin/sh
# Prints every benchmark figure in one run: `make bench` calls it with the release binary.
#
# Usage: bench/bench.sh <slipway-binary>
# Runs detect.sh, then each of bump.sh, run.sh, hash.sh, hooks.sh and large-spec.sh that exists, passing the binary;
# each prints rows of one table (measure.py's layout, header printed here once), every ratio beside its target; lines starting
# with '#' say what a group of rows ran on. Generated inputs live in bench/work/ (git-ignored) and are reused.
# Exit status: non-zero when a figure misses its target.
set -u

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: bench/bench.sh <slipway-binary>   (make bench builds one and calls this)" >&2
    exit 64
fi
here=$(cd "$(dirname "$0")" && pwd)
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu)
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || sysctl -n vm.loadavg 2>/dev/null || echo "?")
echo "machine: $(uname -sm), $cores cores, load average $load; $(git --version); slipway $("$binary" --version)"
if command -v ldd >/dev/null 2>&1 && ldd "$binary" 2>/dev/null | grep -q libswiftCore; then
    echo "note: $binary loads the Swift runtime as a shared library; 'make bench' measures the release build, which links it in (--static-swift-stdlib)"
fi
status=0
echo
python3 "$here/measure.py" header
for script in detect bump run hash hooks large-spec; do
    if [ -x "$here/$script.sh" ]; then
        "$here/$script.sh" "$binary" || status=1
    fi
done
echo; "$here/yaml-memory.sh" "$binary" || status=1
exit $status
