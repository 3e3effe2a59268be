#!/bin/sh
# The steps of the Slipway GitHub Action (action.yml), one subcommand each (functions step_*, so none shadows the
# command it looks for), so shellcheck reads them and a test can
# run them. Values come from the environment the action sets; GitHub's own variables (GITHUB_OUTPUT, GITHUB_PATH,
# RUNNER_OS, RUNNER_ARCH, GITHUB_ACTION_PATH) are read as the runner sets them.
# usage: scripts/github-action.sh select-xcode|libraries|key|build|path|xcodegen
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)

output() { printf '%s=%s\n' "$1" "$2" >>"${GITHUB_OUTPUT:?the runner sets GITHUB_OUTPUT}"; }

# Homebrew's formulae, or Debian's packages (with sudo on a hosted runner, which is not root).
step_libraries() {
    case "$(uname -s)" in
    Darwin)
        for formula in pkg-config libgit2 libyaml openssl@3; do
            brew list --versions "$formula" >/dev/null 2>&1 || brew install --quiet "$formula"
        done
        ;;
    *)
        if ! pkg-config --exists libgit2 yaml-0.1 libcrypto 2>/dev/null; then
            sudo=""
            if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
            $sudo apt-get update -qq
            $sudo apt-get install -y -qq libgit2-dev libyaml-dev libssl-dev pkg-config >/dev/null
        fi
        ;;
    esac
}

# The cache key: the action's ref, OS, architecture, a hash of the sources, and the linked libraries' versions
# (a binary built against libgit2 1.8 does not load libgit2 1.9).
step_key() {
    sources=$(cd "$here" && find Package.swift Package.resolved Sources -type f 2>/dev/null | LC_ALL=C sort |
        xargs shasum -a 256 | shasum -a 256 | cut -c 1-16)
    libraries=$(pkg-config --modversion libgit2 yaml-0.1 libcrypto | tr '\n' '-')
    ref=$(printf '%s' "${ACTION_REF:-local}" | tr -c 'A-Za-z0-9._-' '_')
    output key "slipway-${RUNNER_OS:-$(uname -s)}-${RUNNER_ARCH:-$(uname -m)}-$ref-$sources-${libraries%-}"
    output prefix "${RUNNER_TOOL_CACHE:-$HOME/.cache}/slipway/$ref"
}

# The Makefile's install target: a release build (the Swift runtime linked in statically on Linux).
step_build() {
    make -C "$here" install PREFIX="${PREFIX:?the action sets PREFIX}"
}

step_path() {
    binary="${PREFIX:?the action sets PREFIX}/bin/slipway"
    version=$("$binary" --version)
    printf '%s\n' "$PREFIX/bin" >>"${GITHUB_PATH:?the runner sets GITHUB_PATH}"
    output path "$binary"
    output version "$version"
    echo "slipway $version at $binary"
}

# Xcode_<version>.app is how GitHub's macOS images name each installed Xcode.
step_select_xcode() {
    app="/Applications/Xcode_${XCODE_VERSION:?the action sets XCODE_VERSION}.app"
    if [ ! -d "$app" ]; then
        echo "::error::Xcode $XCODE_VERSION is not on this runner: no $app; installed:" \
            "$(find /Applications -maxdepth 1 -name 'Xcode*.app' -exec basename {} \; | tr '\n' ' ')"
        exit 1
    fi
    sudo xcode-select --switch "$app/Contents/Developer"
    xcodebuild -version
}

# auto: the project has an XcodeGen spec when project.yml exists or .slipway.yml names one (spec:).
step_xcodegen() {
    wanted=${XCODEGEN:-auto}
    case "$wanted" in
    false) return 0 ;;
    auto)
        if [ ! -f project.yml ] && ! grep -qs '^spec:' .slipway.yml; then return 0; fi
        ;;
    true) ;;
    *)
        echo "::error::the xcodegen input is auto, true or false, not '$wanted'"
        exit 1
        ;;
    esac
    if command -v xcodegen >/dev/null 2>&1; then return 0; fi
    if [ "$(uname -s)" != Darwin ]; then
        echo "::notice::XcodeGen runs on macOS only; not installed on this $(uname -s) runner"
        return 0
    fi
    brew install --quiet xcodegen
    xcodegen --version
}

case "${1:-}" in
select-xcode) step_select_xcode ;;
libraries) step_libraries ;;
key) step_key ;;
build) step_build ;;
path) step_path ;;
xcodegen) step_xcodegen ;;
*)
    echo "usage: scripts/github-action.sh select-xcode|libraries|key|build|path|xcodegen" >&2
    exit 64
    ;;
esac
