"""Scale: 10^8 deals and 10^7 games in one command, with time and peak memory.

Run ``python benchmarks/bench_scale.py [--deals 100000000] [--games 10000000]``.

Runs, in one process on all local cores, the full deal study of ``--deals``
deals (Sichuan) and ``--games`` whole hands (Sichuan, four efficiency bots,
tables only: no per-seat rows), each through the chunked runner, and prints
wall time, rate and the process's peak resident memory after each step.  A
first pass at a tenth of the size shows that memory stays flat: the peak after
the full run should be about the peak after the tenth (the runner reduces
every chunk to sums as it arrives).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

import numba

import mjstats as mj


def peak_mib() -> float:
    """Peak resident memory of this process so far, MiB (Linux ``ru_maxrss`` is in KiB)."""
    r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return r / 1024 if sys.platform != "darwin" else r / 2**20


def step(name: str, fn, n: int, unit: str) -> dict:
    """Run ``fn()``; return and print its time, rate and the peak memory after it."""
    t = time.perf_counter()
    fn()
    dt = time.perf_counter() - t
    row = {"step": name, "n": n, "seconds": dt, "rate": n / dt, "peak_mib": peak_mib()}
    print(f"  {name:<28} {n:>13,} {unit:<6} {dt:9.1f} s {n / dt:14,.0f} {unit}/s "
          f"  peak RSS {row['peak_mib']:8,.0f} MiB", flush=True)
    return row


def main(argv: list[str] | None = None) -> list[dict]:
    """Print the scale table; return its rows."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=100_000_000)
    p.add_argument("--games", type=int, default=10_000_000)
    p.add_argument("--rules", default="sichuan")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    a = p.parse_args(argv)
    prog = not a.quiet
    print(f"{numba.get_num_threads()} threads; rules {a.rules}; seed {a.seed}", flush=True)
    rows = [step("warm-up (load kernels)", lambda: (
        mj.deal_study(a.rules, 131_072, seed=0, progress=False),
        mj.simulate(a.rules, games=512, seed=0, records=False)), 0, "")]
    for frac, label in ((10, "a tenth"), (1, "full")):
        d, g = a.deals // frac, a.games // frac
        rows.append(step(f"deal study, {label}", lambda d=d: mj.deal_study(
            a.rules, d, seed=a.seed, progress=prog), d, "deals"))
        rows.append(step(f"games, {label}", lambda g=g: mj.simulate(
            a.rules, games=g, seed=a.seed, records=False, progress=prog), g, "hands"))
    grow = rows[-1]["peak_mib"] / rows[2]["peak_mib"]
    print(f"peak memory after the full run / after a tenth: {grow:.2f}x "
          f"(flat memory: about 1)")
    return rows


if __name__ == "__main__":
    main()
