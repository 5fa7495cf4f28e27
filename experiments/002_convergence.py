"""Experiment 002: how a Monte Carlo estimate closes in on the exact value.

P(dealer's 14 tiles complete) in Sichuan, estimated chunk by chunk through the
durable runner; the running estimate, its 95% Wilson band and the exact value.
Writes ``convergence.parquet`` and ``convergence.png``.

    python experiments/002_convergence.py --deals 100000000 --seed 1 --out experiments/out/002
"""

from __future__ import annotations

import argparse
import functools
from pathlib import Path

import pandas as pd

import mjstats as mj
from mjstats.runner import run_chunks
from mjstats.sim.deals import CHUNK, complete_counts_task


def main(argv: list[str] | None = None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tileset", default="sichuan")
    ap.add_argument("--out", type=Path, default=Path("experiments/out/002"))
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    task = functools.partial(complete_counts_task, args.tileset, 14, args.seed)
    chunk = CHUNK * max(1, min(64, args.deals // (CHUNK * 40)))
    frames = run_chunks(task, args.deals, chunk, block=CHUNK, desc="deals")
    df = pd.concat(frames, ignore_index=True)
    df.to_parquet(args.out / "convergence.parquet", index=False)
    exact = float(mj.exact.complete_probability(args.tileset, "any"))
    ax = mj.plot.plot_convergence(df["complete_any"], df["deals"], exact=exact,
                                  title=f"P({mj.plot.bilingual('天胡', 'complete at deal')})"
                                        f", {args.tileset}")
    ax.figure.savefig(args.out / "convergence.png")
    total = int(df["complete_any"].sum())
    print(f"{total} complete of {args.deals:,} deals: {total / args.deals:.4e} "
          f"(exact {exact:.4e})")
    return df


if __name__ == "__main__":
    main()
