#!/bin/sh
# What Slipway's hooks cost a commit: the wall time of `git commit` without the hooks, with them on an ordinary
# commit (the hook judges it and does nothing), and with them on a [deploy] commit (the default notify action
# prints one line). Three fresh repositories take turns, one commit each per round, so a busy machine slows all
# three alike; prints the median wall time of each and the differences in ms (CPU: the mean difference in ms), as
# rows of bench.sh's table.
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

# Rows of bench.sh's table (measure.py's ROW layout). Target: the hook adds at most 15 ms to a commit.
awk -v rounds="$rounds" '
    { wall[$1] = $2; cpu[$1] = $3 }
    END {
        row = "%-50s %10s %10s %7s  %10s %10s %6s %6s  %-22s %s\n"
        added = wall["ordinary"] - wall["plain"]
        printf row, sprintf("git commit with the hooks vs without (%d each)", rounds), sprintf("%.1f ms", wall["ordinary"]),
            sprintf("%.1f ms", wall["plain"]), sprintf("%.2fx", wall["ordinary"] / wall["plain"]), "", "", "",
            sprintf("%+.1f", cpu["ordinary"] - cpu["plain"]), "<= +15 ms a commit",
            sprintf("%s, %+.1f ms wall a commit", added <= 15 ? "ok" : "OVER", added)
        printf row, "same, a [deploy] commit (the notify action)", sprintf("%.1f ms", wall["deploy"]),
            sprintf("%.1f ms", wall["plain"]), sprintf("%.2fx", wall["deploy"] / wall["plain"]), "", "", "",
            sprintf("%+.1f", cpu["deploy"] - cpu["plain"]), "", sprintf("%+.1f ms wall", wall["deploy"] - wall["plain"])
        exit (added <= 15 ? 0 : 1)
    }' "$work/medians"
