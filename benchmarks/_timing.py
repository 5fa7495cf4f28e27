"""Timing helpers shared by the benchmark scripts: best of a few repeats, and a command's
wall, processor and memory figures measured in a process of its own."""

from __future__ import annotations

import json
import subprocess
import sys
import time


def best_of(fn, repeat: int = 3) -> float:
    """Fastest wall time of ``repeat`` calls of ``fn`` (least disturbed by other jobs)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


_MEASURE = """
import json, resource, subprocess, sys, time
t = time.perf_counter()
r = subprocess.run(sys.argv[1:], capture_output=True, text=True)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": time.perf_counter() - t, "cpu": u.ru_utime + u.ru_stime,
                  "peak_mib": u.ru_maxrss / 1024, "rc": r.returncode, "stdout": r.stdout,
                  "stderr": r.stderr[-2000:]}))
"""


def measured(cmd: list[str], env: dict[str, str] | None = None) -> dict:
    """Run ``cmd``: its wall and processor seconds and the peak memory of its largest process.

    Measured by a process of its own, so that its resource usage holds this
    command's processes only (a process's ``RUSAGE_CHILDREN`` peak is over every
    child it ever waited for).  A command that fails ends the benchmark with its
    last line of standard error.  The result also holds the command's ``stdout``.
    """
    r = subprocess.run([sys.executable, "-c", _MEASURE, *cmd], env=env, capture_output=True,
                       text=True, check=True)
    m = json.loads(r.stdout.strip().splitlines()[-1])
    if m["rc"]:
        sys.exit(f"{' '.join(cmd)[:200]} failed: "
                 f"{(m['stderr'].strip().splitlines() or ['?'])[-1]}")
    return m
