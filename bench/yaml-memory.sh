#!/bin/sh
# Benchmark for the YAML layer's memory: generates two ~100 MB specs in temporary git repositories and prints the
# peak resident memory of `slipway version` on each, as a ratio to the spec's size, against the target of 3x.
#   realistic  XcodeGen targets as real specs write them (settings with base and configs, info properties, sources,
#              dependencies, a script), each defining its version: about 14 bytes of YAML a node
#   dense      one target whose settings hold short keys and numbers in groups of 1,000: about 9 bytes a node
# The same inputs every run (awk, no randomness). Peak memory is ru_maxrss of slipway alone (`bench/rusage.c`
# when a C compiler is there, else GNU /usr/bin/time).
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

generate() { # shape bytes
    awk -v shape="$1" -v bytes="$2" '
    function out(s) { print s; n += length(s) + 1 }
    BEGIN {
        out("name: Big"); out("options:"); out("  bundleIdPrefix: com.example.big"); out("settings:"); out("  base:")
        out("    MARKETING_VERSION: 3.14.15"); out("    CURRENT_PROJECT_VERSION: 9265"); out("targets:")
        if (shape == "dense") {
            out("  App:"); out("    type: application"); out("    platform: iOS"); out("    settings:"); out("      base:")
            for (i = 0; n < bytes; i++) {
                if (i % 1000 == 0) out(sprintf("        G%d:", i / 1000))
                out(sprintf("          K%d: %d", i % 1000, i % 97))
            }
            exit
        }
        for (i = 1; n < bytes; i++) {
            out(sprintf("  Target%06d:", i)); out("    type: app-extension"); out("    platform: iOS")
            out("    deploymentTarget: \"17.0\""); out("    sources:"); out(sprintf("      - path: Extensions/Target%06d", i))
            out("        excludes: [\"**/*.md\", \"**/*.txt\"]"); out("    dependencies:"); out("      - package: SharedKit")
            out("      - target: Core"); out("        embed: false"); out("    settings:"); out("      base:")
            out(sprintf("        PRODUCT_BUNDLE_IDENTIFIER: com.example.big.target%06d", i))
            out("        # Every extension ships with the app: same version, same build.")
            out("        MARKETING_VERSION: 3.14.15"); out("        CURRENT_PROJECT_VERSION: \"9265\"")
            out("        SWIFT_VERSION: \"5.10\""); out("        SWIFT_STRICT_CONCURRENCY: complete")
            out("        ENABLE_USER_SCRIPT_SANDBOXING: YES"); out("        CODE_SIGN_STYLE: Automatic"); out("      configs:")
            out("        Debug:"); out("          SWIFT_ACTIVE_COMPILATION_CONDITIONS: DEBUG"); out("          ONLY_ACTIVE_ARCH: YES")
            out("        Release:"); out("          SWIFT_OPTIMIZATION_LEVEL: -O"); out("          VALIDATE_PRODUCT: YES")
            out("    info:"); out(sprintf("      path: Extensions/Target%06d/Info.plist", i)); out("      properties:")
            out("        CFBundleDisplayName: \"Big Extension\""); out("        NSExtension:")
            out("          NSExtensionPointIdentifier: com.apple.widgetkit-extension"); out("    preBuildScripts:")
            out("      - name: Lint"); out("        script: |"); out("          if which swiftlint > /dev/null; then")
            out("            swiftlint --strict"); out("          fi")
        }
    }'
}

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
    generate "$shape" "$bytes" >"$repo/project.yml"
    size=$(wc -c <"$repo/project.yml" | tr -d ' ')
    rss=$(peak "$repo")
    ratio=$(awk -v r="$rss" -v s="$size" 'BEGIN { printf "%.2f", r / s }')
    verdict=$(awk -v x="$ratio" 'BEGIN { print (x <= 3 ? "ok" : "MISSED") }')
    [ "$verdict" = ok ] || status=1
    printf '%-10s %12s %9s MiB %7sx %5s %s\n' "$shape" "$size" "$(awk -v r="$rss" 'BEGIN { printf "%.0f", r / 1048576 }')" \
        "$ratio" "3x" "$verdict"
done
exit $status
