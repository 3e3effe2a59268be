#!/bin/sh
# Prints the path of one history shape's repository (see generate_history.py), building it first when bench/work/
# does not hold it yet: fast-import into a bare repository, repacked as a server packs it, then a plain clone.
#
# Usage: bench/history.sh straight|includes|merges|twoapp
set -eu

here=$(cd "$(dirname "$0")" && pwd)
shape=$1
source="$here/work/$shape.git"
clone="$here/work/$shape"

if [ ! -f "$clone/.git/slipway-bench-complete" ]; then
    rm -rf "$source" "$clone"
    mkdir -p "$here/work"
    echo "bench: generating the $shape history in $clone (once; reused afterwards)" >&2
    git init -q --bare "$source"
    git -C "$source" symbolic-ref HEAD refs/heads/main
    python3 "$here/generate_history.py" "$shape" | git -C "$source" fast-import --quiet
    git -C "$source" repack -a -d -f -q
    git clone -q --no-local "$source" "$clone"
    touch "$clone/.git/slipway-bench-complete"
fi
echo "$clone"
