#!/bin/sh
# `slipway run` over ten stages of trivial commands against the same commands run by a plain shell script.
#
# Usage: bench/run.sh <slipway-binary>
# The script runs each command the way a stage runs it, with `/bin/sh -c '<command>'`, so the difference is
# Slipway's own cost: start-up, reading .slipway.yml and git, a process group, a log file and the summary per stage.
# Target: at most 5% slower, or at most 5 ms per stage. Exit 1 when both are missed.
set -u

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: bench/run.sh <slipway-binary>" >&2
    exit 64
fi
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
work="$here/work/run"
rm -rf "$work"
mkdir -p "$work/repo"
cd "$work/repo" || exit 2

commands='echo one
true
date > /dev/null
printf "%s" two
uname -s > /dev/null
echo "$SLIPWAY_STAGE"
test -d .
echo six >&2
ls > /dev/null
pwd'

{
    echo "stages:"
    i=0
    printf '%s\n' "$commands" | while IFS= read -r command; do
        i=$((i + 1))
        echo "  - name: stage$i"
        # Single-quoted YAML: only ' needs doubling.
        printf "    run: '%s'\n" "$(printf '%s' "$command" | sed "s/'/''/g")"
    done
} > .slipway.yml

{
    echo '#!/bin/sh'
    echo 'set -e'
    i=0
    printf '%s\n' "$commands" | while IFS= read -r command; do
        i=$((i + 1))
        # The same value a stage would see for $SLIPWAY_STAGE, and the same one shell per command.
        printf "SLIPWAY_STAGE=stage%s /bin/sh -c '%s'\n" "$i" "$(printf '%s' "$command" | sed "s/'/'\\\\''/g")"
    done
} > "$work/plain.sh"
chmod +x "$work/plain.sh"

git init -q . && git -c user.name=bench -c user.email=bench@example.com -c commit.gpgsign=false commit -q --allow-empty -m bench

python3 - "$binary" "$work/plain.sh" "$here/measure.py" <<'PY'
import os, statistics, subprocess, sys, time

binary, script = sys.argv[1], sys.argv[2]
env = dict(os.environ, CI="true")
env.pop("GITHUB_ACTIONS", None)
runs = 30

def once(argv):
    """Wall seconds and CPU seconds (user + system, the command and its children) of one run."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit("bench/run.sh: %s exited with %d" % (" ".join(argv), child.returncode))
    return elapsed, usage.ru_utime + usage.ru_stime

slipway, plain, fixed = [binary, "run"], [script], [binary, "run", "--dry-run"]
for _ in range(3):  # warm-up: page cache, dynamic linker
    once(slipway); once(plain); once(fixed)
a, b, c = [], [], []
for _ in range(runs):  # interleaved, so a burst of load hits all alike
    a.append(once(slipway)); b.append(once(plain)); c.append(once(fixed))
median = lambda values, i: statistics.median(v[i] for v in values)
ms = lambda seconds: "%.1f ms" % (seconds * 1000)
wall_a, wall_b, cpu_a, cpu_b = median(a, 0), median(b, 0), median(a, 1), median(b, 1)
wall_c, cpu_c = median(c, 0), median(c, 1)
ratio, per_stage = wall_a / wall_b, (wall_a - wall_b) / 10
ok = ratio <= 1.05 or per_stage <= 0.005
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[3])))
from measure import row
print(row("run, 10 stages vs plain sh script (dry run %s)" % ms(wall_c), ms(wall_a), ms(wall_b),
          "%.2fx" % ratio, cpu="%.2fx" % (cpu_a / cpu_b), target="<= 1.05x or 5 ms/stage",
          verdict="ok, %s per stage" % ms(per_stage) if ok else "OVER, %s per stage" % ms(per_stage)))
sys.exit(0 if ok else 1)
PY
