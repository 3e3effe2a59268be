#!/usr/bin/env python3
"""Whole-process wall time and peak memory of commands, for every Slipway benchmark script.

Each run goes through rusage.c (compiled into bench/work/ on first use), which forks the command with its standard
output on /dev/null, reaps it with wait4 (whose ru_maxrss is that child's own peak resident set size) and times fork
to reap. The median wall time, the largest peak RSS and the median CPU time (user + system, shown as the
ratio "cpu", steadier than wall time on a busy machine) over the runs are reported; `compare` interleaves the runs
of its two commands so that changing load on a shared machine affects both alike.

Command line:
  measure.py run     [options] -- CMD...              one command
  measure.py compare [options] -- CMD_A... --vs CMD_B...  two commands side by side, with ratios A/B
  measure.py header                                    the header of the one table every script prints rows of
Options:
  --label TEXT          name of the row
  --runs N              timed runs (default 10); one untimed warm-up run first unless --warmup 0
  --cwd DIR             working folder of the commands
  --max-time-ratio R    compare: mark the row FAIL when A takes more than R times B's wall time
  --max-memory-ratio R  compare: mark the row FAIL when A's peak RSS is more than R times B's
  --header              print the table header first
  --target TEXT         the target shown in the row (default: the --max-*-ratio options, or none)
Exit status: 0, or 1 when a command failed or a ratio is over its target (the table still prints).

As a module: `measure(argv, runs=10, cwd=None)` returns a Measurement (median_seconds, peak_rss_bytes, runs, status);
`measure_all([argv, ...])` measures several commands in interleaved rounds.
"""

import os
import statistics
import subprocess
import sys
from dataclasses import dataclass


@dataclass
class Measurement:
    median_seconds: float
    peak_rss_bytes: int
    runs: int
    status: int
    median_cpu_seconds: float = 0.0


HERE = os.path.dirname(os.path.abspath(__file__))
LAUNCHER_SOURCE = os.path.join(HERE, "rusage.c")
LAUNCHER = os.path.join(HERE, "work", "rusage")


def launcher():
    """The small C launcher that times one run (see rusage.c), compiled into bench/work/ on first use."""
    if not os.path.exists(LAUNCHER) or os.path.getmtime(LAUNCHER) < os.path.getmtime(LAUNCHER_SOURCE):
        os.makedirs(os.path.dirname(LAUNCHER), exist_ok=True)
        for compiler in ("cc", "clang", "gcc"):
            try:
                if subprocess.run([compiler, "-O2", "-o", LAUNCHER, LAUNCHER_SOURCE]).returncode == 0:
                    break
            except FileNotFoundError:
                continue
        else:
            sys.exit("measure.py: no C compiler (cc, clang or gcc) to build %s" % LAUNCHER_SOURCE)
    return LAUNCHER


def run_once(argv, cwd=None, stdout_path=os.devnull):
    """Runs argv once; returns (wall seconds, peak RSS bytes, exit status, CPU seconds)."""
    result = subprocess.run([launcher(), stdout_path] + list(argv), cwd=cwd, stdout=subprocess.PIPE, text=True)
    fields = result.stdout.split()
    if result.returncode != 0 or len(fields) != 4:
        sys.exit("measure.py: could not run %s" % " ".join(argv))
    nanoseconds, peak, status, cpu = (int(field) for field in fields)
    return nanoseconds / 1e9, peak, status, cpu / 1e9


def measure(argv, runs=10, cwd=None, warmup=1):
    return measure_all([argv], runs, cwd, warmup)[0]


def measure_all(commands, runs=10, cwd=None, warmup=1):
    """Measures several commands in interleaved rounds (A, B, A, B, ...), so that a machine whose load changes
    during the benchmark slows them alike and their ratio stays meaningful."""
    for _ in range(warmup):
        for argv in commands:
            run_once(argv, cwd)
    times = [[] for _ in commands]
    cpus = [[] for _ in commands]
    peaks = [0 for _ in commands]
    worst = [0 for _ in commands]
    for _ in range(runs):
        for index, argv in enumerate(commands):
            elapsed, rss, status, cpu = run_once(argv, cwd)
            times[index].append(elapsed)
            cpus[index].append(cpu)
            peaks[index] = max(peaks[index], rss)
            worst[index] = worst[index] or status
    return [Measurement(statistics.median(times[index]), peaks[index], runs, worst[index], statistics.median(cpus[index]))
            for index in range(len(commands))]


def duration(seconds):
    return "%.1f ms" % (seconds * 1000) if seconds < 10 else "%.2f s" % seconds


def mib(size):
    return "%.1f MiB" % (size / (1 << 20))


ROW = "%-50s %10s %10s %7s  %10s %10s %6s %6s  %-22s %s"
HEADER = ROW % ("benchmark", "slipway", "baseline", "ratio", "memory", "baseline", "ratio", "cpu", "target", "verdict")


def row(label, a="", b="", ratio="", memory_a="", memory_b="", memory_ratio="", cpu="", target="", verdict="ok"):
    """One line of the table; bench scripts whose figures are not two timed commands (hooks, hash) print theirs
    through this too."""
    return ROW % (label, a, b, ratio, memory_a, memory_b, memory_ratio, cpu, target or "-", verdict)


def parse(arguments):
    options = {"label": None, "runs": 10, "cwd": None, "warmup": 1, "max_time_ratio": None,
               "max_memory_ratio": None, "header": False, "target": None}
    while arguments and arguments[0] != "--":
        name = arguments.pop(0)
        if name == "--header":
            options["header"] = True
            continue
        if not arguments:
            sys.exit("measure.py: %s needs a value" % name)
        value = arguments.pop(0)
        key = name.lstrip("-").replace("-", "_")
        if key not in options:
            sys.exit("measure.py: unknown option %s" % name)
        options[key] = float(value) if key.startswith("max_") else int(value) if key in ("runs", "warmup") else value
    if not arguments:
        sys.exit("measure.py: give the command after --")
    return options, arguments[1:]


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "compare", "header"):
        sys.exit(__doc__)
    mode = sys.argv[1]
    if mode == "header":
        print(HEADER)
        return
    options, command = parse(sys.argv[2:])
    label = options["label"] or " ".join(command)
    if options["header"]:
        print(HEADER)
    failed = False
    if mode == "run":
        result = measure(command, options["runs"], options["cwd"], options["warmup"])
        verdict = "ok" if result.status == 0 else "exit %d" % result.status
        print(row(label, duration(result.median_seconds), memory_a=mib(result.peak_rss_bytes),
                  target=options["target"], verdict=verdict))
        failed = result.status != 0
    else:
        if "--vs" not in command:
            sys.exit("measure.py compare: separate the two commands with --vs")
        split = command.index("--vs")
        first, second = command[:split], command[split + 1:]
        a, b = measure_all([first, second], options["runs"], options["cwd"], options["warmup"])
        time_ratio = a.median_seconds / b.median_seconds
        memory_ratio = a.peak_rss_bytes / b.peak_rss_bytes
        notes = []
        targets = []
        if a.status or b.status:
            notes.append("exit %d/%d" % (a.status, b.status))
        if options["max_time_ratio"] is not None:
            targets.append("<= %gx" % options["max_time_ratio"])
            if time_ratio > options["max_time_ratio"]:
                notes.append("time OVER")
        if options["max_memory_ratio"] is not None:
            targets.append("mem <= %gx" % options["max_memory_ratio"])
            if memory_ratio > options["max_memory_ratio"]:
                notes.append("memory OVER")
        failed = bool(a.status or b.status) or any("OVER" in note for note in notes)
        cpu_ratio = a.median_cpu_seconds / b.median_cpu_seconds if b.median_cpu_seconds else float("nan")
        print(row(label, duration(a.median_seconds), duration(b.median_seconds), "%.2fx" % time_ratio,
                  mib(a.peak_rss_bytes), mib(b.peak_rss_bytes), "%.2fx" % memory_ratio, "%.2fx" % cpu_ratio,
                  options["target"] or ", ".join(targets), ", ".join(notes) or "ok"))
    sys.stdout.flush()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
