#!/bin/sh
# The steps of the Slipway GitHub Action (action.yml), one subcommand each (functions step_*, so none shadows the
# command it looks for), so shellcheck reads them and a test can
# run them. Values come from the environment the action sets; GitHub's own variables (GITHUB_OUTPUT, GITHUB_PATH,
# RUNNER_OS, RUNNER_ARCH, GITHUB_ACTION_PATH) are read as the runner sets them.
# usage: scripts/github-action.sh select-xcode|release|libraries|key|build|path|xcodegen|sources
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)

output() { printf '%s=%s\n' "$1" "$2" >>"${GITHUB_OUTPUT:?the runner sets GITHUB_OUTPUT}"; }

# The action's ref and repository. A composite action's run steps do not always see github.action_ref and
# github.action_repository (actions/runner#2473); the runner keeps the action in _actions/<owner>/<name>/<ref>.
action_ref() {
    if [ -n "${ACTION_REF:-}" ]; then
        echo "$ACTION_REF"
    else
        case ${GITHUB_ACTION_PATH:-} in */_actions/*/*/*) basename "$GITHUB_ACTION_PATH" ;; *) echo local ;; esac
    fi
}
action_repository() {
    if [ -n "${ACTION_REPOSITORY:-}" ]; then
        echo "$ACTION_REPOSITORY"
    else
        case ${GITHUB_ACTION_PATH:-} in
        */_actions/*/*/*) echo "${GITHUB_ACTION_PATH%/*}" | awk -F / '{ print $(NF - 1) "/" $NF }' ;;
        esac
    fi
}

# The ref as one word for a cache key and a folder name.
safe_ref() {
    ref=$(action_ref)
    printf '%s' "$ref" | tr -c 'A-Za-z0-9._-' '_'
}

# Where this ref's slipway goes: <prefix>/bin/slipway, the same folder for a release download and a source build.
install_prefix() {
    echo "${RUNNER_TOOL_CACHE:-$HOME/.cache}/slipway/$(safe_ref)"
}

# The sha256 of Slipway's sources (Package.swift and Sources/), the same wherever they are checked out: the release
# workflow publishes it beside the binaries, so that an action pinned to a commit can tell whether that commit's
# sources are the release's.
sources_digest() {
    (cd "$here" && find Package.swift Package.resolved Sources -type f 2>/dev/null | LC_ALL=C sort |
        xargs shasum -a 256 | shasum -a 256 | cut -d ' ' -f 1)
}

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
    sources=$(sources_digest | cut -c 1-16)
    libraries=$(pkg-config --modversion libgit2 yaml-0.1 libcrypto | tr '\n' '-')
    output key "slipway-${RUNNER_OS:-$(uname -s)}-${RUNNER_ARCH:-$(uname -m)}-$(safe_ref)-$sources-${libraries%-}"
    output prefix "$(install_prefix)"
}

# fetch <url> <file>: 0 when downloaded, 1 when there is no such file (curl's exit status 22 is an HTTP error such
# as 404, 37 a missing file:// file); any other failure ends the step.
fetch() {
    status=0
    curl -fsL --retry 3 -o "$2" "$1" || status=$?
    case $status in
    0) return 0 ;;
    22 | 37) return 1 ;;
    *)
        echo "::error::could not download $1 (curl exit status $status)"
        exit 1
        ;;
    esac
}

# The released binary, when there is one for this action: its ref is a version tag (v0.2.0), or a commit whose
# sources are those of the release of the version it declares (Slipway.version). It is downloaded from the GitHub
# release (SLIPWAY_RELEASE_BASE_URL replaces https://github.com/<owner>/<name>/releases/download, for tests), checked
# against the .sha256 published beside it, and unpacked into the install prefix. Output installed: false (no such
# release, or none for this OS and architecture) lets the later steps build from source; a download that does not
# match its sha256 fails the step.
step_release() {
    prefix=$(install_prefix)
    output prefix "$prefix"
    installed=false
    release_download "$prefix"
    output installed "$installed"
}

# release_download <prefix>: puts the release's slipway in <prefix>/bin and sets installed=true, or says why there is
# none to download. Called as a plain command, so that any failure ends the step (set -e).
release_download() {
    ref=$(action_ref)
    version=${ref#v}
    if ! echo "$ref" | grep -Eq '^v[0-9]+\.[0-9]+\.[0-9]+'; then
        version=$(sed -n 's/^ *public static let version = "\([^"]*\)"$/\1/p' "$here/Sources/SlipwayCore/Slipway.swift")
        if ! echo "$ref" | grep -Eq '^[0-9a-f]{40}$' || [ -z "$version" ]; then
            echo "The action's ref $ref is neither a version tag nor a commit; building Slipway from source."
            return 0
        fi
    fi
    case $(uname -s) in
    Darwin) asset="slipway-$version-darwin-universal.tar.gz" ;;
    Linux) asset="slipway-$version-linux-$(uname -m).tar.gz" ;;
    *) return 0 ;;
    esac
    base=${SLIPWAY_RELEASE_BASE_URL:-https://github.com/$(action_repository)/releases/download}/v$version
    download=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/slipway-release.XXXXXX")
    trap 'rm -rf "$download"' EXIT
    if [ "$ref" != "v$version" ]; then
        sources="slipway-$version-sources.sha256"
        if ! fetch "$base/$sources" "$download/$sources" || [ "$(cat "$download/$sources")" != "$(sources_digest)" ]; then
            echo "Commit $ref does not hold the sources of release v$version; building Slipway from source."
            return 0
        fi
    fi
    if ! fetch "$base/$asset.sha256" "$download/$asset.sha256"; then
        echo "Release v$version has no $asset; building Slipway from source."
        return 0
    fi
    if ! fetch "$base/$asset" "$download/$asset"; then
        echo "::error::$base/$asset.sha256 is there but $asset is not"
        exit 1
    fi
    expected=$(cut -d ' ' -f 1 "$download/$asset.sha256")
    actual=$(shasum -a 256 "$download/$asset" | cut -d ' ' -f 1)
    if [ "$expected" != "$actual" ]; then
        echo "::error::$asset has sha256 $actual, but $asset.sha256 says $expected; not installing it"
        exit 1
    fi
    rm -rf "$1"
    mkdir -p "$1"
    tar -xzf "$download/$asset" -C "$1" --strip-components=1
    reported=$("$1/bin/slipway" --version)
    if [ "$reported" != "$version" ]; then
        echo "::error::$asset holds slipway $reported, not $version"
        exit 1
    fi
    installed=true
    echo "slipway $version from $base/$asset (sha256 $actual)"
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
        # A spec: line at the top or in an apps: entry; a committed project's release regenerates it too.
        if [ ! -f project.yml ] && ! grep -Eqs '^[[:space:]-]*spec:' .slipway.yml; then return 0; fi
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
release) step_release ;;
libraries) step_libraries ;;
key) step_key ;;
build) step_build ;;
path) step_path ;;
xcodegen) step_xcodegen ;;
sources) sources_digest ;;
*)
    echo "usage: scripts/github-action.sh select-xcode|release|libraries|key|build|path|xcodegen|sources" >&2
    exit 64
    ;;
esac
