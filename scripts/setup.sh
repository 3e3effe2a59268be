#!/bin/sh
# Installs what Slipway needs to build: the Swift toolchain must be present; the C libraries (libgit2, libyaml,
# OpenSSL's libcrypto) and pkg-config are installed from Debian's packages (as root) or Homebrew when missing.
set -eu

need_packages=""
have_pc() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1"; }

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: swift is not on PATH; install a Swift 6 toolchain (https://swift.org/install) and retry" >&2
    exit 1
fi

case "$(uname -s)" in
Darwin)
    if ! command -v brew >/dev/null 2>&1; then
        echo "setup: Homebrew is needed to install libgit2, libyaml and openssl@3" >&2
        exit 1
    fi
    for formula in pkg-config libgit2 libyaml openssl@3; do
        brew list --versions "$formula" >/dev/null 2>&1 || brew install "$formula"
    done
    ;;
*)
    command -v pkg-config >/dev/null 2>&1 || need_packages="$need_packages pkg-config"
    have_pc libgit2 || need_packages="$need_packages libgit2-dev"
    have_pc yaml-0.1 || need_packages="$need_packages libyaml-dev"
    have_pc libcrypto || need_packages="$need_packages libssl-dev"
    command -v git >/dev/null 2>&1 || need_packages="$need_packages git"
    # scripts/python-tools.sh installs the linters and check-jsonschema from PyPI into a virtual environment.
    python3 -m venv --help >/dev/null 2>&1 || need_packages="$need_packages python3 python3-venv"
    # scripts/lint.sh checks the Homebrew formula's syntax with ruby -c.
    command -v ruby >/dev/null 2>&1 || need_packages="$need_packages ruby"
    if [ -n "$need_packages" ]; then
        if [ "$(id -u)" -ne 0 ]; then
            echo "setup: missing packages:$need_packages; run 'sudo apt-get install$need_packages' or run as root" >&2
            exit 1
        fi
        echo "setup: installing$need_packages"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        # shellcheck disable=SC2086 # the package list is meant to split into words
        apt-get install -y -qq $need_packages >/dev/null
    fi
    ;;
esac
