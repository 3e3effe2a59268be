#!/bin/sh
# What Slipway's hooks cost a commit: the wall time of `git commit` in a fresh repository without the hooks, with
# them on an ordinary commit (the hook judges it and does nothing), and with them on a [deploy] commit (the default
# notify action prints one line). Prints the median of many commits of each kind and the difference in ms.
# usage: bench/hooks.sh <slipway-binary> [commits per kind, default 40]
set -eu

if [ $# -lt 1 ]; then
    echo "usage: bench/hooks.sh <slipway-binary> [commits]" >&2
    exit 64
fi
slipway=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
commits=${2:-40}
work=$(mktemp -d "${TMPDIR:-/tmp}/slipway-bench-hooks.XXXXXX")
trap 'rm -rf "$work"' EXIT

# A repository of its own: the host's git configuration and hooks play no part.
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME" "$work/repo/App"
cd "$work/repo"
git init -q -b main .
git config user.name "Bench"
git config user.email "bench@example.com"
git config commit.gpgsign false
printf 'struct App {}\n' >App/App.swift
git add -A
git commit -q -m "Initial commit"

# One Perl process times only `git commit` (Time::HiRes ships with Perl on macOS and Debian alike).
measure() {
    perl -MTime::HiRes=time -e '
        my ($count, $tag) = @ARGV;
        my @ms;
        for my $i (1 .. $count) {
            open(my $file, ">>", "App/App.swift") or die; print $file "// $tag $i\n"; close($file);
            system("git", "add", "App/App.swift") == 0 or die "git add failed\n";
            my $start = time;
            system("git", "commit", "-q", "-m", "Change $i $tag") == 0 or die "git commit failed\n";
            push @ms, (time - $start) * 1000;
        }
        @ms = sort { $a <=> $b } @ms;
        my $n = @ms;
        printf "%.2f\n", $n % 2 ? $ms[$n / 2] : ($ms[$n / 2 - 1] + $ms[$n / 2]) / 2;
    ' "$commits" "$1" 2>/dev/null
}

without=$(measure ordinary)
"$slipway" hooks install >/dev/null
with=$(measure ordinary)
deploy=$(measure "[deploy]")

awk -v commits="$commits" -v version="$("$slipway" --version)" -v without="$without" -v with="$with" -v deploy="$deploy" 'BEGIN {
    printf "hooks: wall time of git commit, median of %d commits each (slipway %s)\n", commits, version
    printf "  %-38s %7.1f ms\n", "without Slipway'"'"'s hooks", without
    printf "  %-38s %7.1f ms  (%+.1f ms)\n", "with the hooks, ordinary commit", with, with - without
    printf "  %-38s %7.1f ms  (%+.1f ms)\n", "with the hooks, [deploy] commit (notify)", deploy, deploy - without
}'
