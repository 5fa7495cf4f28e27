"""Experiment 001: odds at the deal for the three mahjong tile sets.

Monte Carlo deal study beside the exact values: P(complete at deal, 天胡),
P(ready, 下叫), the starting shanten distribution and the wait shapes of ready
hands.  Writes ``deal_odds.parquet``, ``shanten_13.png`` and ``deal_odds.png``.

    python experiments/001_deal_odds.py --deals 10000000 --seed 7 --out experiments/out/001
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

import mjstats as mj

TILESETS = ("sichuan", "guangan", "liuzhou")


def main(argv: list[str] | None = None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10_000_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, default=Path("experiments/out/001"))
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    df = pd.concat([mj.deal_study(t, deals=args.deals, seed=args.seed, progress=True)
                    for t in TILESETS], ignore_index=True)
    df.to_parquet(args.out / "deal_odds.parquet", index=False)
    ax = mj.plot.plot_shanten(df, n_tiles=13, form="any")
    ax.figure.savefig(args.out / "shanten_13.png")
    ax = mj.plot.plot_deal_odds(df)
    ax.figure.savefig(args.out / "deal_odds.png")
    cols = ["tileset", "metric", "category", "estimate", "ci_low", "ci_high", "exact", "z"]
    key = df["metric"].isin(["complete_14", "complete_14_two_suits", "ready_13"])
    print(df.loc[key, cols].to_string(index=False))
    return df


if __name__ == "__main__":
    main()
