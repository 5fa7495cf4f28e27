"""What a cold start compiles: per kernel family and in total, the README's first command
cold against warm, and the game engine kernel by kernel.

Run ``python benchmarks/bench_compile.py [--top 15] [--kernels-only] [--family KEY |
--command ARGS]``. Everything runs in fresh processes on empty, temporary caches (the
user's own are never touched). First, from ``benchmarks/bench_first_run.py``
(``--kernels-only`` skips it): each kernel family's cold compile, one family at a time
on one fresh cache (processor and wall seconds, and the total), then the README's first
command (``mjstats report``) on empty caches and again warm, and their ratio, each
processor time also as a multiple of the yardstick compiled before and after
(``benchmarks/_reference.py``). Then it runs ``tests/warm_kernels.py`` (the workload the
test suite compiles beside its first tests, the engine family of ``mjstats warmup``:
whole hands under every policy, a preset comparison, a hand-built hand, a 查叫 settlement
and the table model of the discard analysis), or with ``--family KEY`` that family's
workload of ``mjstats warmup`` (:data:`mjstats.warmup.WORKLOADS`), or with ``--command
ARGS`` the command line ``mjstats ARGS`` (``--command 'simulate --rules sichuan --games
2000 --seed 1 --quiet'``: the README's cold ``simulate``), in a fresh process with an
empty numba cache, and prints, per kernel (numba's own implementations, which a kernel's
code may pull in, named ``numba: ...``), the number of compilations (one per distinct
argument types; a deterministic figure) and the processor and wall seconds spent
compiling it, exclusive of the kernels it calls, from numba's ``numba:compile`` events,
and how much of that processor time LLVM took (numba links the code of every kernel a
kernel calls into its library, then optimizes and emits the whole; the rest is numba's
typing and lowering). On a machine shared with other work, compare the processor
seconds: the wall seconds grow with the load.

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
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = r"""
import collections, json, runpy, sys, time
from numba.core import codegen, event

stack, excl, cpu, count = [], collections.Counter(), collections.Counter(), collections.Counter()
llvm = collections.Counter()


def _timed(cls, name):  # an LLVM step of a code library, counted for the kernel compiling
    base = getattr(cls, name)

    def step(self, *args):
        c = time.process_time()
        try:
            return base(self, *args)
        finally:
            if stack:
                llvm[stack[-1][0]] += time.process_time() - c

    setattr(cls, name, step)


# numba's private steps (numba pinned in pyproject.toml): function passes, the optimization of
# the module with every callee linked in, and the machine code
_timed(codegen.CPUCodeLibrary, "add_llvm_module")
_timed(codegen.CPUCodeLibrary, "_optimize_final_module")
_timed(codegen.JITCodeLibrary, "_finalize_specific")


class _Listener(event.Listener):
    def on_start(self, ev):
        fn = ev.data["dispatcher"].py_func
        name = fn.__qualname__
        if not fn.__module__.startswith("mjstats"):
            name = "numba: " + name
        stack.append([name, time.perf_counter(), time.process_time(), 0.0, 0.0])

    def on_end(self, ev):
        name, t0, c0, child, child_cpu = stack.pop()
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        excl[name] += dt - child
        cpu[name] += dc - child_cpu
        count[name] += 1
        if stack:
            stack[-1][3] += dt
            stack[-1][4] += dc


event.register("numba:compile", _Listener())
t, c = time.perf_counter(), time.process_time()
runpy.run_path(sys.argv[1], run_name="__main__")
print(json.dumps({"total": time.perf_counter() - t, "cpu": time.process_time() - c,
                  "excl": excl, "excl_cpu": cpu, "count": count, "llvm_cpu": llvm}))
"""


def measure(family: str | None = None, command: list[str] | None = None) -> dict:
    """Compile the test suite's warm-up workload, ``family``'s, or the command line
    ``mjstats COMMAND`` (its output discarded), fresh, on an empty cache."""
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        script = str(root / "tests" / "warm_kernels.py")
        if family is not None:
            script = str(Path(cache) / "workload.py")
            Path(script).write_text(f"from mjstats.warmup import WORKLOADS\n"
                                    f"WORKLOADS[{family!r}]()\n")
        elif command is not None:
            script = str(Path(cache) / "command.py")
            Path(script).write_text(
                "import contextlib, io\nfrom mjstats.cli import main\n"
                "with contextlib.redirect_stdout(io.StringIO()):\n"
                f"    main({command!r})\n")
        out = subprocess.run([sys.executable, "-c", _CHILD, script], env=env, cwd=root,
                             capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    """Print the compile table."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--top", type=int, default=15)
    p.add_argument("--json", help="also write the full measurement to this file")
    p.add_argument("--kernels-only", action="store_true",
                   help="only the engine's kernels (not the families and the report)")
    p.add_argument("--games", type=int, default=200_000,
                   help="games of the report (its default: the README's first command)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--family", help="the kernels of this family's warm-up workload "
                       "(mjstats warmup KEY) instead of the test suite's")
    which.add_argument("--command", help="the kernels of this command line instead, e.g. "
                       "--command 'simulate --rules sichuan --games 2000 --seed 1 --quiet'")
    a = p.parse_args()
    command = shlex.split(a.command) if a.command is not None else None
    if a.family is not None:
        from mjstats.warmup import WORKLOADS

        if a.family not in WORKLOADS:
            p.error(f"--family is one of {', '.join(WORKLOADS)}, got {a.family!r}")
    if not a.kernels_only:
        import bench_first_run

        bench_first_run.main(["--games", str(a.games)])
        print()
    r = measure(a.family, command)
    what = (f"the {a.family} family's workload" if a.family else
            f"mjstats {a.command}" if command is not None else "tests/warm_kernels.py")
    print(f"cold compile of {what}: {r['cpu']:.0f} s CPU, {r['total']:.0f} s wall "
          f"({sum(r['count'].values())} compilations of {len(r['count'])} kernels)")
    llvm = r["llvm_cpu"]
    print(f"  of which LLVM {sum(llvm.values()):.0f} s of CPU (optimizing and emitting each "
          "kernel's code with every kernel it calls linked in), numba's own passes the rest")
    print(f"  {'CPU s':>8} {'LLVM s':>8} {'wall s':>8} {'compiles':>8}  "
          "kernel (exclusive of the kernels it calls)")
    for name, sec in sorted(r["excl_cpu"].items(), key=lambda kv: -kv[1])[: a.top]:
        print(f"  {sec:8.1f} {llvm.get(name, 0.0):8.1f} {r['excl'][name]:8.1f} "
              f"{r['count'][name]:8d}  {name}")
    if a.json:
        Path(a.json).write_text(json.dumps(r, indent=1))


if __name__ == "__main__":
    main()
