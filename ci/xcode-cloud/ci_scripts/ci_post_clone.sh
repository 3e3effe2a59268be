#!/bin/sh
# Xcode Cloud runs this after cloning. Stage: get ready. Installs Slipway (unless the image has it), gives it the
# history it judges, and generates the Xcode project from project.yml so Xcode Cloud finds it.
# Installed by 'slipway ci install xcode-cloud --source <git url> --ref <ref>', which writes the two defaults
# below; the next scripts find Slipway in ~/.slipway/bin.
# Several apps ('apps:' in .slipway.yml): Xcode Cloud has a workflow per app, so set SLIPWAY_APP=<name> in each
# workflow's environment; every slipway command here then works on that app (--app). One app: leave it unset.
set -eu

# Where Slipway comes from: its source repository and a tag or full commit sha of it (set either in the
# workflow's environment to override).
SLIPWAY_GIT_URL=${SLIPWAY_GIT_URL:-https://github.com/slipway/slipway.git}
SLIPWAY_REF=${SLIPWAY_REF:-v0.1.0}
repo=${CI_PRIMARY_REPOSITORY_PATH:?Xcode Cloud sets CI_PRIMARY_REPOSITORY_PATH}
prefix="$HOME/.slipway"
PATH="$prefix/bin:$PATH"

if ! command -v slipway >/dev/null 2>&1; then
    brew install libgit2 libyaml openssl@3 pkg-config
    source_dir="${TMPDIR:-/tmp}/slipway-source"
    rm -rf "$source_dir"
    # fetch by name works for a tag, a branch and (on GitHub and most hosts) a full commit sha alike.
    git init --quiet "$source_dir"
    git -C "$source_dir" fetch --quiet --depth 1 "$SLIPWAY_GIT_URL" "$SLIPWAY_REF"
    git -C "$source_dir" checkout --quiet FETCH_HEAD
    make -C "$source_dir" install PREFIX="$prefix"
fi
command -v xcodegen >/dev/null 2>&1 || brew install xcodegen

# Xcode Cloud clones shallowly; detection needs every commit since the last release tag, and the tags themselves.
cd "$repo"
if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
    git fetch --quiet --unshallow --tags
fi

slipway --version
# --if-present: a project whose own 'stages:' has no 'generate' stage has nothing to generate here.
slipway run --if-present generate ${SLIPWAY_APP:+--app "$SLIPWAY_APP"}
