#!/bin/sh
# Xcode Cloud runs this before each xcodebuild. Stage: version. Gives the build Xcode Cloud's CI_BUILD_NUMBER and
# regenerates the project so the build carries it. Installed by 'slipway ci install xcode-cloud'.
# - A spec with a build number (CURRENT_PROJECT_VERSION or CFBundleVersion): 'slipway bump --build' sets it.
# - A spec without one: XcodeGen reads it from a small spec beside project.yml that includes project.yml and adds
#   settings.base.CURRENT_PROJECT_VERSION (the including spec wins where both set a key); project.yml is unchanged.
# Several apps ('apps:' in .slipway.yml): Xcode Cloud has a workflow per app, so set SLIPWAY_APP=<name> in each
# workflow's environment; every slipway command here then works on that app (--app). One app: leave it unset.
set -eu

build=${CI_BUILD_NUMBER:?Xcode Cloud sets CI_BUILD_NUMBER}
cd "${CI_PRIMARY_REPOSITORY_PATH:?Xcode Cloud sets CI_PRIMARY_REPOSITORY_PATH}"
PATH="$HOME/.slipway/bin:$PATH"

# Exit 1 only says the definitions disagree; bump --build sets them all alike.
versions=$(slipway version --json ${SLIPWAY_APP:+--app "$SLIPWAY_APP"}) || true
case "$versions" in
*'"build":{"agree":true,"value":null,"values":[]}'*)
    spec=$(printf '%s\n' "$versions" | sed -n 's/.*"spec":"\([^"]*\)".*/\1/p')
    folder=$(dirname "$spec")
    wrapper="$folder/.slipway-build-number.yml"
    printf 'include:\n  - path: %s\nsettings:\n  base:\n    CURRENT_PROJECT_VERSION: "%s"\n' \
        "$(basename "$spec")" "$build" >"$wrapper"
    echo "slipway: $spec has no build number; generating with CURRENT_PROJECT_VERSION $build from $wrapper"
    xcodegen generate --spec "$wrapper"
    ;;
*)
    slipway bump --build "$build" ${SLIPWAY_APP:+--app "$SLIPWAY_APP"}
    spec=$(printf '%s\n' "$versions" | sed -n 's/.*"spec":"\([^"]*\)".*/\1/p')
    if git ls-files -- "$(dirname "$spec")/*.xcodeproj/project.pbxproj" | grep -q . &&
        ! slipway run --dry-run --json --major ${SLIPWAY_APP:+--app "$SLIPWAY_APP"} | grep -q '"name":"generate"'; then
        # A committed project: 'slipway run' builds it as committed, but this build's number must reach it, so
        # XcodeGen regenerates it in this clone.
        xcodegen generate --spec "$spec"
    else
        # --if-present: a project whose own 'stages:' has no 'generate' stage has nothing to generate here.
        slipway run --if-present generate ${SLIPWAY_APP:+--app "$SLIPWAY_APP"}
    fi
    ;;
esac
