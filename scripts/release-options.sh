#!/bin/sh
# Prints the `swift build` options of the Linux release build (`make release`, `make install`, `make bench`,
# `make dist`): one fully static executable, and generic metadata built without the runtime's demangler. Without shared libraries the dynamic loader has nothing to load or
# relocate, which is most of a short command's start-up (see the README's "Install" and "Benchmarks"): `slipway --version` goes from
# 9 ms to under 2 ms, and the post-commit hook pays that on every commit.
#
# Usage: scripts/release-options.sh <dir>
# Writes <dir>/pkgconfig/{libgit2,yaml-0.1,libcrypto}.pc naming the static archives (SwiftPM reads them first when
# PKG_CONFIG_PATH=<dir>/pkgconfig), then prints the options. When an archive is missing it says so on stderr and
# prints only --static-swift-stdlib (the Swift runtime alone static, the C libraries shared).
#
# libgit2's GSSAPI calls (HTTP Negotiate, which Slipway never uses: it pushes with the git program) are sent to the
# stubs in Sources/CGitCertificates/negotiate.c with --wrap, since Kerberos has no static library; the certificate
# file libgit2 parses at start-up, and its TLS and SSH set-up, are deferred the same way (certificates.c).
set -eu

if [ $# -ne 1 ]; then
    echo "usage: scripts/release-options.sh <dir>" >&2
    exit 64
fi
dir=$1
fallback() {
    # .pc files an earlier run wrote would name the archives without the options below.
    rm -rf "$dir/pkgconfig"
    echo "release-options: $1; building with the C libraries shared (--static-swift-stdlib only)" >&2
    echo "--static-swift-stdlib"
    exit 0
}
command -v pkg-config >/dev/null 2>&1 || fallback "pkg-config not found"
libdir=$(pkg-config --variable=libdir libgit2) || fallback "pkg-config knows no libgit2"
# libgit2's own static dependencies, then libcrypto for libssh2's OpenSSL back end.
git_libs="$(pkg-config --static --libs-only-l libgit2) -lcrypto"
for flag in $git_libs -lyaml; do
    name=${flag#-l}
    case $name in rt | dl | pthread | m | c) continue ;; esac
    [ -f "$libdir/lib$name.a" ] || fallback "$libdir/lib$name.a is missing (install the -dev package that has it)"
done

mkdir -p "$dir/pkgconfig"
write_pc() { # name, version, libs
    printf 'Name: %s\nDescription: static archives for the release build\nVersion: %s\nLibs: -L%s %s\nCflags: -I%s\n' \
        "$1" "$2" "$libdir" "$3" "$(pkg-config --variable=includedir "$1")" >"$dir/pkgconfig/$1.pc.tmp"
    mv "$dir/pkgconfig/$1.pc.tmp" "$dir/pkgconfig/$1.pc"
}
# -l:libNAME.a names the archive itself, so the shared library beside it in $libdir is never picked.
static() { for flag in "$@"; do case ${flag#-l} in rt | dl | pthread) echo "$flag" ;; *) echo "-l:lib${flag#-l}.a" ;; esac; done | tr '\n' ' '; }
# shellcheck disable=SC2086 # word splitting of the -l lists is the point
write_pc libgit2 "$(pkg-config --modversion libgit2)" "$(static $git_libs)"
write_pc yaml-0.1 "$(pkg-config --modversion yaml-0.1)" "$(static -lyaml)"
write_pc libcrypto "$(pkg-config --modversion libcrypto)" "$(static -lcrypto)"

# By default a concrete generic type's metadata (a Dictionary's storage for one key type, say) is looked up by
# demangling its name at run time, and each first lookup scans every protocol conformance in the binary: about
# 350,000 instructions a type in the static executable, a fifth of `slipway detect HEAD`. Accessors that build the
# metadata directly cost a little code size instead.
printf '%s' "--static-swift-stdlib -Xswiftc -static-executable"
printf ' %s' -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
for symbol in mbedtls_x509_crt_parse_file git_mbedtls_stream_global_init git_transport_ssh_global_init \
    GSS_C_NT_HOSTBASED_SERVICE gss_delete_sec_context gss_display_status gss_import_name gss_indicate_mechs \
    gss_init_sec_context gss_release_buffer gss_release_name gss_release_oid_set; do
    printf ' -Xlinker --wrap=%s' "$symbol"
done
# The code a run executes, packed together (scripts/link-order.txt, written by scripts/link-order.sh from profiles):
# the kernel maps the executable in 64 KiB windows around each page touched, and spread over the default layout
# that code keeps about 9.5 MiB of it resident, packed about 5. lld (in the Swift toolchain) reads the ordering;
# every function of Slipway's own code gets a section of its own so that it can be moved. Without ld.lld the
# build links as before, with the system linker.
order="$(cd "$(dirname "$0")" && pwd)/link-order.txt"
# clang finds ld.lld beside itself in the toolchain's bin/ or on PATH; a toolchain manager's `swiftc` may be a shim
# elsewhere, so the toolchain's own folder comes from its resource path (<toolchain>/usr/lib/swift).
resources=$(swiftc -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
if [ ! -s "$order" ]; then
    echo "release-options: $order is missing or empty (scripts/link-order.sh writes it); default layout" >&2
elif command -v ld.lld >/dev/null 2>&1 || { [ -n "$resources" ] && [ -x "$resources/../../bin/ld.lld" ]; }; then
    printf ' %s' -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
    printf ' %s' -Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering
else
    echo "release-options: no ld.lld in the Swift toolchain or on PATH; the system linker's default layout" >&2
fi
echo
