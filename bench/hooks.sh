#!/bin/sh
# What Slipway's hooks cost a commit: the wall time of `git commit` without the hooks, with them on an ordinary
# commit (the hook judges it and does nothing), and with them on a [deploy] commit (the default notify action
# prints one line). Three fresh repositories take turns, one commit each per round, so a busy machine slows all
# three alike; prints the median wall time and mean CPU time of each and the differences in ms.
# usage: bench/hooks.sh <slipway-binary> [rounds, default 40]
set -eu

if [ $# -lt 1 ]; then
    echo "usage: bench/hooks.sh <slipway-binary> [rounds]" >&2
    exit 64
fi
slipway=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
rounds=${2:-40}
work=$(mktemp -d "${TMPDIR:-/tmp}/slipway-bench-hooks.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Repositories of their own: the host's git configuration and hooks play no part.
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name "Bench"
git config --global user.email "bench@example.com"
git config --global commit.gpgsign false
for name in plain ordinary deploy; do
    mkdir -p "$work/$name/App"
    git -C "$work/$name" init -q -b main
    printf 'struct App {}\n' >"$work/$name/App/App.swift"
    git -C "$work/$name" add -A
    git -C "$work/$name" commit -q -m "Initial commit"
done
(cd "$work/ordinary" && "$slipway" hooks install >/dev/null)
(cd "$work/deploy" && "$slipway" hooks install >/dev/null)

# One Perl process times only `git commit`: wall time, and the CPU time of git and everything it ran (the hook
# included), which a busy machine distorts far less. Time::HiRes ships with Perl on macOS and Debian alike.
perl -MTime::HiRes=time -e '
    my ($work, $rounds) = @ARGV;
    my %subject = (plain => "Change", ordinary => "Change", deploy => "Ship it [deploy]");
    my (%wall, %cpu);
    for my $i (1 .. $rounds) {
        for my $name ("plain", "ordinary", "deploy") {
            chdir("$work/$name") or die;
            open(my $file, ">>", "App/App.swift") or die; print $file "// $i\n"; close($file);
            system("git", "add", "App/App.swift") == 0 or die "git add failed\n";
            my @before = times;
            my $start = time;
            system("git", "commit", "-q", "-m", "$subject{$name} $i") == 0 or die "git commit failed\n";
            push @{$wall{$name}}, (time - $start) * 1000;
            my @after = times;
            push @{$cpu{$name}}, ($after[2] + $after[3] - $before[2] - $before[3]) * 1000;
        }
    }
    sub median { my @s = sort { $a <=> $b } @_; my $n = @s; $n % 2 ? $s[$n / 2] : ($s[$n / 2 - 1] + $s[$n / 2]) / 2 }
    # CPU time comes in clock ticks (10 ms), too coarse for one commit: the mean over all of them is exact enough.
    sub mean { my $sum = 0; $sum += $_ for @_; $sum / @_ }
    printf "%s %.2f %.2f\n", $_, median(@{$wall{$_}}), mean(@{$cpu{$_}}) for ("plain", "ordinary", "deploy");
' "$work" "$rounds" 2>/dev/null >"$work/medians"

awk -v rounds="$rounds" -v version="$("$slipway" --version)" '
    { wall[$1] = $2; cpu[$1] = $3 }
    END {
        printf "hooks: git commit, %d commits each (slipway %s)\n", rounds, version
        printf "  %-42s %12s %12s\n", "", "median wall", "mean CPU"
        printf "  %-42s %9.1f ms %9.1f ms\n", "without Slipway'"'"'s hooks", wall["plain"], cpu["plain"]
        printf "  %-42s %9.1f ms %9.1f ms  (%+.1f ms wall, %+.1f ms CPU)\n", "with the hooks, ordinary commit",
            wall["ordinary"], cpu["ordinary"], wall["ordinary"] - wall["plain"], cpu["ordinary"] - cpu["plain"]
        printf "  %-42s %9.1f ms %9.1f ms  (%+.1f ms wall, %+.1f ms CPU)\n", "with the hooks, [deploy] commit (notify)",
            wall["deploy"], cpu["deploy"], wall["deploy"] - wall["plain"], cpu["deploy"] - cpu["plain"]
    }' "$work/medians"
