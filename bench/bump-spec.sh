#!/bin/sh
# Writes the spec bench/bump.sh times: <dir>/project.yml, a 10,000-line XcodeGen spec with 200 targets.
# usage: bench/bump-spec.sh <dir>
set -eu

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
    echo "usage: $0 <existing-dir>" >&2
    exit 64
fi
work=$1

# 200 targets of 49 lines each, in the forms real specs use (base and configs settings, info properties with
# references, comments, quoted and unquoted values), padded with comments to exactly 10,000 lines.
awk -v targets=200 'BEGIN {
    print "# Generated for bench/bump.sh: a large app with many extensions."
    print "name: Bench"
    print "options:"
    print "  bundleIdPrefix: com.example.bench"
    print "settings:"
    print "  base:"
    print "    MARKETING_VERSION: 3.14.15"
    print "    CURRENT_PROJECT_VERSION: 9265"
    print "targets:"
    for (i = 1; i <= targets; i++) {
        printf "  Target%03d:\n", i
        print  "    type: app-extension"
        print  "    platform: iOS"
        print  "    deploymentTarget: \"17.0\""
        print  "    sources:"
        printf "      - path: Extensions/Target%03d\n", i
        print  "        excludes: [\"**/*.md\"]"
        print  "    dependencies:"
        print  "      - package: SharedKit"
        print  "      - target: Core"
        print  "        embed: false"
        print  "    settings:"
        print  "      base:"
        printf "        PRODUCT_BUNDLE_IDENTIFIER: com.example.bench.target%03d\n", i
        print  "        # Every extension ships with the app: same version, same build."
        print  "        MARKETING_VERSION: 3.14.15"
        print  "        CURRENT_PROJECT_VERSION: \"9265\""
        print  "        SWIFT_VERSION: \"5.10\""
        print  "        SWIFT_STRICT_CONCURRENCY: complete"
        print  "        ENABLE_USER_SCRIPT_SANDBOXING: YES"
        print  "        CODE_SIGN_STYLE: Automatic"
        print  "      configs:"
        print  "        Debug:"
        print  "          SWIFT_ACTIVE_COMPILATION_CONDITIONS: DEBUG"
        print  "          ONLY_ACTIVE_ARCH: YES"
        print  "        Release:"
        print  "          SWIFT_OPTIMIZATION_LEVEL: -O"
        print  "          VALIDATE_PRODUCT: YES"
        print  "    info:"
        printf "      path: Extensions/Target%03d/Info.plist\n", i
        print  "      properties:"
        print  "        CFBundleShortVersionString: $(MARKETING_VERSION)"
        print  "        CFBundleVersion: $(CURRENT_PROJECT_VERSION)"
        printf "        CFBundleDisplayName: Extension %d\n", i
        print  "        NSExtension:"
        print  "          NSExtensionPointIdentifier: com.apple.widgetkit-extension"
        print  "    entitlements:"
        printf "      path: Extensions/Target%03d/Target.entitlements\n", i
        print  "      properties:"
        print  "        com.apple.security.application-groups: [group.com.example.bench]"
        print  "    preBuildScripts:"
        print  "      - name: Lint"
        print  "        script: |"
        print  "          if command -v swiftlint >/dev/null; then swiftlint lint --quiet; fi"
        print  "        basedOnDependencyAnalysis: false"
        print  "    scheme:"
        print  "      testTargets: []"
        print  "      gatherCoverageData: true"
        print  ""
    }
}' > "$work/project.yml"
lines=$(wc -l < "$work/project.yml" | tr -d ' ')
while [ "$lines" -lt 10000 ]; do
    echo "# padding" >> "$work/project.yml"
    lines=$((lines + 1))
done
