#!/bin/sh
# Writes a generated XcodeGen spec of about <bytes> bytes to standard output, for the benchmarks that need a large one.
#   realistic  XcodeGen targets as real specs write them (settings with base and configs, info properties, sources,
#              dependencies, a script), each defining its version: about 14 bytes of YAML a node
#   dense      one target whose settings hold short keys and numbers in groups of 1,000: about 9 bytes a node
# The same output every run (awk, no randomness).
# usage: bench/big-spec.sh realistic|dense <bytes>
set -eu

if [ $# -ne 2 ]; then
    echo "usage: $0 realistic|dense <bytes>" >&2
    exit 64
fi
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
