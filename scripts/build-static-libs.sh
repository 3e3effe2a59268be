#!/bin/sh
# Builds the C libraries Slipway links (libgit2, libyaml, OpenSSL's libcrypto) as static archives from pinned source
# tarballs, for the release binaries (.github/workflows/release.yml): a released slipway then needs none of them on
# the user's machine, whatever Homebrew or apt has installed there. Each library is built with only what Slipway
# uses: libgit2 without HTTPS, SSH, GSSAPI or NTLM (Slipway reads repositories and pushes with the git program) and
# with its bundled zlib, llhttp and PCRE2; libcrypto alone, without modules, engines or the legacy provider, and
# without loading an openssl.cnf.
#
# It writes <prefix>/lib/pkgconfig/{libgit2,yaml-0.1,libcrypto}.pc naming the archives; SwiftPM reads
# PKG_CONFIG_PATH before any other place, so
#   PKG_CONFIG_PATH=<prefix>/lib/pkgconfig swift build -c release
# links them (Package.swift's CGit2, CYAML and CCrypto targets).
#
# usage: scripts/build-static-libs.sh <prefix> [<arch>...]
#   macOS: the architectures of the universal archives (default: arm64 x86_64); Linux: the host's architecture only.
# Needs curl, cmake, make, perl and a C compiler. Tarballs are kept in <prefix>/src and reused while their sha256
# matches; everything else under <prefix> is rebuilt on each run.
set -eu

# The versions, URLs and sha256 are Homebrew's (Homebrew/homebrew-core Formula/lib/libgit2.rb,
# Formula/lib/libyaml.rb and Formula/o/openssl@3.rb); raise them together with those formulas.
LIBGIT2_VERSION=1.9.2
LIBGIT2_URL=https://github.com/libgit2/libgit2/archive/refs/tags/v$LIBGIT2_VERSION.tar.gz
LIBGIT2_SHA256=6f097c82fc06ece4f40539fb17e9d41baf1a5a2fc26b1b8562d21b89bc355fe6
LIBYAML_VERSION=0.2.5
LIBYAML_URL=https://github.com/yaml/libyaml/archive/refs/tags/$LIBYAML_VERSION.tar.gz
LIBYAML_SHA256=fa240dbf262be053f3898006d502d514936c818e422afdcf33921c63bed9bf2e
OPENSSL_VERSION=3.6.3
OPENSSL_URL=https://github.com/openssl/openssl/releases/download/openssl-$OPENSSL_VERSION/openssl-$OPENSSL_VERSION.tar.gz
OPENSSL_SHA256=243a86649cf6f23eeb6a2ff2456e09e5d77dd9018a54d3d96b0c6bdd6ba6c7f1

die() {
    echo "build-static-libs: $*" >&2
    exit 1
}

[ $# -ge 1 ] || {
    echo "usage: scripts/build-static-libs.sh <prefix> [<arch>...]" >&2
    exit 64
}
mkdir -p "$1"
prefix=$(cd "$1" && pwd)
shift
# The prefix goes into .pc files and compiler flags unquoted.
case $prefix in *[!A-Za-z0-9._/+-]*) die "the prefix '$prefix' holds characters a .pc file cannot carry" ;; esac

os=$(uname -s)
case $os in
Darwin)
    archs=${*:-arm64 x86_64}
    # Package.swift's platforms: the archives must not need a newer macOS than Slipway does.
    MACOSX_DEPLOYMENT_TARGET=${MACOSX_DEPLOYMENT_TARGET:-13.0}
    export MACOSX_DEPLOYMENT_TARGET
    ;;
Linux)
    archs=$(uname -m)
    if [ $# -gt 0 ] && [ "$*" != "$archs" ]; then die "on Linux this builds for the host ($archs) only, not '$*'"; fi
    ;;
*) die "no recipe for $os" ;;
esac
for tool in curl cmake make perl shasum; do
    command -v "$tool" >/dev/null 2>&1 || die "needs $tool on PATH"
done
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu)

# The prefix is emptied below: refuse a folder this script did not make (such as /usr/local).
marker=$prefix/.slipway-static-libs
if [ ! -f "$marker" ] && [ -n "$(ls -A "$prefix")" ]; then
    die "$prefix is not empty and was not made by this script; give a new folder"
fi
: >"$marker"
src=$prefix/src
work=$prefix/build
rm -rf "$work" "${prefix:?}/lib" "${prefix:?}/include"
mkdir -p "$src" "$work" "$prefix/lib/pkgconfig" "$prefix/include"

sha256() { shasum -a 256 "$1" | cut -d ' ' -f 1; }

# unpack <name> <url> <sha256> <dir>: a fresh source tree in <dir> of the tarball kept as $src/<name>, downloaded
# unless a copy with the pinned sha256 is there.
unpack() {
    file=$src/$1
    if [ ! -f "$file" ] || [ "$(sha256 "$file")" != "$3" ]; then
        echo "build-static-libs: downloading $2" >&2
        curl -fsSL --retry 3 -o "$file.part" "$2"
        actual=$(sha256 "$file.part")
        if [ "$actual" != "$3" ]; then
            rm -f "$file.part"
            die "$2 has sha256 $actual, not the pinned $3"
        fi
        mv "$file.part" "$file"
    fi
    rm -rf "$4"
    mkdir -p "$4"
    tar -xzf "$file" -C "$4" --strip-components=1
}

# cmake_install <source> <build> <options>...: a static release build installed into the prefix (universal on macOS).
cmake_install() {
    source_dir=$1 build_dir=$2
    shift 2
    if [ "$os" = Darwin ]; then
        set -- "$@" "-DCMAKE_OSX_ARCHITECTURES=$(echo "$archs" | tr ' ' ';')" \
            "-DCMAKE_OSX_DEPLOYMENT_TARGET=$MACOSX_DEPLOYMENT_TARGET"
    fi
    # CMAKE_POLICY_VERSION_MINIMUM lets CMake 4 configure libyaml's cmake_minimum_required(VERSION 3.0).
    cmake -S "$source_dir" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
        -DCMAKE_INSTALL_LIBDIR=lib -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
        -DCMAKE_POLICY_VERSION_MINIMUM=3.5 "$@"
    cmake --build "$build_dir" --parallel "$jobs"
    cmake --install "$build_dir"
}

build_libyaml() {
    unpack "libyaml-$LIBYAML_VERSION.tar.gz" "$LIBYAML_URL" "$LIBYAML_SHA256" "$work/libyaml"
    cmake_install "$work/libyaml" "$work/libyaml/build" -DBUILD_TESTING=OFF -DINSTALL_CMAKE_DIR=lib/cmake/yaml
}

build_libgit2() {
    unpack "libgit2-$LIBGIT2_VERSION.tar.gz" "$LIBGIT2_URL" "$LIBGIT2_SHA256" "$work/libgit2"
    cmake_install "$work/libgit2" "$work/libgit2/build" -DBUILD_TESTS=OFF -DBUILD_CLI=OFF -DBUILD_EXAMPLES=OFF \
        -DBUILD_FUZZERS=OFF -DUSE_HTTPS=OFF -DUSE_SSH=OFF -DUSE_GSSAPI=OFF -DUSE_NTLMCLIENT=OFF \
        -DUSE_SHA1=CollisionDetection -DUSE_SHA256=builtin -DUSE_HTTP_PARSER=builtin -DREGEX_BACKEND=builtin \
        -DUSE_BUNDLED_ZLIB=ON
}

# OpenSSL's Configure takes one target, so each architecture is built on its own; lipo joins them on macOS.
build_openssl() {
    archives=""
    first=""
    for arch in $archs; do
        case $os-$arch in
        Darwin-arm64) target=darwin64-arm64-cc ;;
        Darwin-x86_64) target=darwin64-x86_64-cc ;;
        Linux-x86_64) target=linux-x86_64 ;;
        Linux-aarch64) target=linux-aarch64 ;;
        *) die "no OpenSSL target for $os $arch" ;;
        esac
        dir=$work/openssl-$arch
        unpack "openssl-$OPENSSL_VERSION.tar.gz" "$OPENSSL_URL" "$OPENSSL_SHA256" "$dir"
        # libcrypto.a alone (no libssl, no openssl program); OpenSSL's Linux targets compile it position-independent,
        # as the executable Swift links there is.
        (cd "$dir" && perl ./Configure "$target" --prefix="$prefix" --libdir=lib --openssldir=/etc/ssl \
            no-shared no-module no-engine no-legacy no-apps no-docs no-tests no-quic no-autoload-config \
            no-ssl3 no-zlib no-comp &&
            make -j"$jobs" build_generated && make -j"$jobs" libcrypto.a)
        archives="$archives $dir/libcrypto.a"
        if [ -z "$first" ]; then
            first=$dir
        else
            # One set of headers serves every architecture only if Configure wrote the same ones for each.
            diff -r "$first/include/openssl" "$dir/include/openssl" >/dev/null ||
                die "OpenSSL's headers differ between $(basename "$first") and $(basename "$dir")"
        fi
    done
    mkdir -p "$prefix/include/openssl"
    cp "$first"/include/openssl/*.h "$prefix/include/openssl/"
    if [ "$os" = Darwin ]; then
        # shellcheck disable=SC2086 # one path per word
        lipo -create $archives -output "$prefix/lib/libcrypto.a"
    else
        cp "$first/libcrypto.a" "$prefix/lib/libcrypto.a"
    fi
}

# write_pc <file> <library> <version> <libraries>: <file>.pc naming the archive and the system libraries it needs.
# SwiftPM reads Libs (never Libs.private) and accepts only -L, -l, -F and -framework there.
write_pc() {
    cat >"$prefix/lib/pkgconfig/$1.pc.tmp" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: $2
Description: $2 $3, static, for Slipway's release build (scripts/build-static-libs.sh)
Version: $3
Libs: -L\${libdir} $4
Cflags: -I\${includedir}
EOF
    mv "$prefix/lib/pkgconfig/$1.pc.tmp" "$prefix/lib/pkgconfig/$1.pc"
}

build_libyaml
build_libgit2
build_openssl

# The system libraries each archive calls into (libgit2's src/CMakeLists.txt: threads, clock_gettime, iconv;
# OpenSSL: dlopen and threads), all part of the C library or the OS.
rm -f "$prefix/lib/pkgconfig/"*.pc
if [ "$os" = Darwin ]; then
    write_pc libgit2 libgit2 "$LIBGIT2_VERSION" "-lgit2 -liconv"
    write_pc libcrypto libcrypto "$OPENSSL_VERSION" "-lcrypto"
else
    write_pc libgit2 libgit2 "$LIBGIT2_VERSION" "-lgit2 -lpthread -lrt"
    write_pc libcrypto libcrypto "$OPENSSL_VERSION" "-lcrypto -ldl -lpthread"
fi
write_pc yaml-0.1 libyaml "$LIBYAML_VERSION" "-lyaml"

# Only archives: a shared library here would be what the linker picks, and what users do not have.
shared=$(find "$prefix/lib" \( -name '*.so*' -o -name '*.dylib' \) -print)
[ -z "$shared" ] || die "shared libraries in $prefix/lib: $shared"
for archive in libgit2.a libyaml.a libcrypto.a; do
    [ -f "$prefix/lib/$archive" ] || die "$prefix/lib/$archive was not built"
    if [ "$os" = Darwin ]; then
        for arch in $archs; do
            lipo "$prefix/lib/$archive" -verify_arch "$arch" || die "$archive has no $arch slice"
        done
    fi
done
rm -rf "$work"
echo "build-static-libs: libgit2 $LIBGIT2_VERSION, libyaml $LIBYAML_VERSION, libcrypto $OPENSSL_VERSION ($archs)" \
    "in $prefix/lib; PKG_CONFIG_PATH=$prefix/lib/pkgconfig"
