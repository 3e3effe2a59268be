#!/bin/sh
# Checks a release binary before it is packed (.github/workflows/release.yml): it reports the expected version, and
# it loads only what every machine has. macOS: both architectures, and only libraries of the OS (/usr/lib,
# /System/Library), so none from Homebrew. Linux: only the C library's and the C++ runtime's shared objects (glibc,
# libstdc++, libgcc_s; --static-swift-stdlib links the Swift runtime in, and the C libraries are static archives).
# usage: scripts/check-release-binary.sh <binary> <version>
set -eu

if [ $# -ne 2 ]; then
    echo "usage: scripts/check-release-binary.sh <binary> <version>" >&2
    exit 64
fi
binary=$1 version=$2
failed=""
fail() {
    echo "::error::$binary: $*"
    failed=yes
}

reported=$("$binary" --version)
[ "$reported" = "$version" ] || fail "reports version '$reported', not $version"

case $(uname -s) in
Darwin)
    archs=$(lipo -archs "$binary")
    echo "architectures: $archs"
    for wanted in arm64 x86_64; do
        case " $archs " in *" $wanted "*) ;; *) fail "has no $wanted slice" ;; esac
    done
    for arch in $archs; do
        # otool prints the binary's own name first, then one loaded library a line.
        libraries=$(otool -arch "$arch" -L "$binary" | tail -n +2 | awk '{ print $1 }')
        echo "$arch loads:"
        echo "$libraries" | sed 's/^/  /'
        for library in $libraries; do
            case $library in
            /usr/lib/* | /System/Library/*) ;;
            *) fail "its $arch slice loads $library, which is not part of macOS" ;;
            esac
        done
    done
    ;;
Linux)
    # ldd prints "name => path (address)", or "path (address)" for the loader and the vDSO.
    libraries=$(ldd "$binary" | awk '{ print $1 }')
    echo "loads:"
    echo "$libraries" | sed 's/^/  /'
    for library in $libraries; do
        case ${library##*/} in
        linux-vdso.so.* | ld-linux*.so.* | libc.so.* | libm.so.* | libdl.so.* | libpthread.so.* | librt.so.*) ;;
        libstdc++.so.* | libgcc_s.so.*) ;;
        *) fail "loads $library, a shared library users may not have" ;;
        esac
    done
    ;;
*)
    fail "no check for $(uname -s)"
    ;;
esac

[ -z "$failed" ] || exit 1
echo "check-release-binary: $binary $version loads only system libraries"
