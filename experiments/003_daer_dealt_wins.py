"""Experiment 003: Da Er — how often the dealer's 21 cards win at once, and with what.

Monte Carlo deals beside the exact values (instant win 3 垅 / 5 坎, 列, 天胡), the
胡 distribution and the 名堂 frequencies of the dealt winning hands.  Writes
``daer_summary.parquet``, ``daer_patterns.parquet``, ``daer_patterns.png`` and
``daer_hu.png``.

    python experiments/003_daer_dealt_wins.py --deals 10000000 --seed 1 --out experiments/out/003
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

import mjstats as mj
from mjstats import daer


def main(argv: list[str] | None = None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="daer-luzhou-mingtang")
    ap.add_argument("--out", type=Path, default=Path("experiments/out/003"))
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    st = daer.deal_study(args.deals, seed=args.seed, rules=args.rules)
    st.summary.to_parquet(args.out / "daer_summary.parquet", index=False)
    st.patterns.to_parquet(args.out / "daer_patterns.parquet", index=False)
    ax = mj.plot.plot_daer_patterns(st.patterns)
    ax.figure.savefig(args.out / "daer_patterns.png")
    ax = mj.plot.plot_daer_hu(st.hu)
    ax.figure.savefig(args.out / "daer_hu.png")
    print(st.summary.to_string(index=False))
    return st.summary


if __name__ == "__main__":
    main()
