"""Cold compile of the game engine: which kernels cost the time, and how many times each.

Run ``python benchmarks/bench_compile.py [--top 15]``.  It runs
``tests/warm_kernels.py`` (the workload the test suite compiles beside its first
tests, the engine family of ``mjstats warmup``: whole hands under every policy, a
preset comparison, a hand-built hand, a 查叫 settlement and the table model of the
discard analysis) in a fresh process with an empty numba cache, and
prints, per kernel, the number of compilations (one per distinct argument
types; a deterministic figure) and the seconds spent compiling it, exclusive of
the kernels it calls, from numba's ``numba:compile`` events.

The count is the figure to compare across machines: before
:func:`mjstats._jit._plain_types` every combination of constant arguments a
caller passed was a separate compilation (``_efficient_discard`` 3 times,
``_refresh`` 3, ``_play`` 3).  The seconds also show the cost of the whole
cold start next to the total.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = r"""
import collections, json, runpy, sys, time
from numba.core import event

stack, excl, count = [], collections.Counter(), collections.Counter()


class _Listener(event.Listener):
    def on_start(self, ev):
        stack.append([ev.data["dispatcher"].py_func.__qualname__, time.perf_counter(), 0.0])

    def on_end(self, ev):
        name, t0, child = stack.pop()
        dt = time.perf_counter() - t0
        excl[name] += dt - child
        count[name] += 1
        if stack:
            stack[-1][2] += dt


event.register("numba:compile", _Listener())
t = time.perf_counter()
runpy.run_path(sys.argv[1], run_name="__main__")
print(json.dumps({"total": time.perf_counter() - t, "excl": excl, "count": count}))
"""


def measure() -> dict:
    """Compile the warm-up workload in a fresh process on an empty cache."""
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        script = str(root / "tests" / "warm_kernels.py")
        out = subprocess.run([sys.executable, "-c", _CHILD, script], env=env, cwd=root,
                             capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    """Print the compile table."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--top", type=int, default=15)
    a = p.parse_args()
    r = measure()
    print(f"cold compile of tests/warm_kernels.py: {r['total']:.0f} s "
          f"({sum(r['count'].values())} compilations of {len(r['count'])} kernels)")
    print(f"  {'seconds':>8} {'compiles':>8}  kernel (exclusive of the kernels it calls)")
    for name, sec in sorted(r["excl"].items(), key=lambda kv: -kv[1])[: a.top]:
        print(f"  {sec:8.1f} {r['count'][name]:8d}  {name}")


if __name__ == "__main__":
    main()
