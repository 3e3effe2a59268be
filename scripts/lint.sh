#!/bin/sh
# Lints what Slipway writes into other repositories, and its own shell scripts; fails on any finding:
# - zizmor: security audit of the GitHub Actions workflow (offline audits, pedantic persona);
# - check-jsonschema: the workflow against GitHub's workflow schema (bundled with the tool, no download);
# - ShellCheck: hooks/*, ci/xcode-cloud/ci_scripts/*, scripts/*.sh and bench/hooks.sh.
# The three come from PyPI, pinned, into .build/lint-venv by scripts/python-tools.sh, which this runs first
# (actionlint's PyPI package downloads its binary while building, which fails offline, so it is not used).
# usage: scripts/lint.sh
set -eu
cd "$(dirname "$0")/.."

scripts/python-tools.sh
venv=.build/lint-venv

workflow=ci/github/slipway.yml
failed=""
echo "lint: zizmor $workflow"
"$venv/bin/zizmor" --offline --persona=pedantic --no-progress --quiet "$workflow" || failed="$failed zizmor"
echo "lint: check-jsonschema $workflow"
"$venv/bin/check-jsonschema" --builtin-schema vendor.github-workflows "$workflow" || failed="$failed check-jsonschema"
echo "lint: shellcheck hooks/* ci/xcode-cloud/ci_scripts/* scripts/*.sh bench/hooks.sh"
"$venv/bin/shellcheck" hooks/* ci/xcode-cloud/ci_scripts/* scripts/*.sh bench/hooks.sh || failed="$failed shellcheck"

if [ -n "$failed" ]; then
    echo "lint: findings from:$failed" >&2
    exit 1
fi
echo "lint: no findings"
