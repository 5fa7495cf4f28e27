"""Experiment 004: is each region's scoring balanced? Fan against rarity, by rule set.

Plays whole hands under every mahjong rule set (four 'efficiency' bots) and
compares each pattern's value with its rarity among wins; the Sichuan presets
are scored on the same hands.  Writes ``balance.parquet``, ``patterns.parquet``,
``fan_vs_rarity.png``, ``point_share.png`` and ``pattern_frequency.png``.

    python experiments/004_scoring_balance.py --games 1000000 --seed 1 --out experiments/out/004

``--runs DIR`` saves each rule set's run in ``DIR/<rules>`` and reuses a finished
one there: ``--runs experiments/out/005`` draws the figures from experiment
005's runs of the same size and seed without playing them again.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

import mjstats as mj

RULES = ("sichuan", "sichuan-app", "guangan", "liuzhou")


def main(argv: list[str] | None = None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("experiments/out/004"))
    ap.add_argument("--runs", type=Path, default=None,
                    help="folder of saved runs (one sub-folder per rule set), reused or made")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    results = {}
    for rules in RULES:
        try:
            results[rules] = mj.simulate(
                rules, games=args.games, seed=args.seed, records=False,
                resume=args.runs is not None, out=None if args.runs is None else args.runs / rules)
        except mj.MjStatsError as e:
            print(f"skipped {rules}: {e}")
    bal = {k: r.balance() for k, r in results.items()}
    pats = {k: r.patterns() for k, r in results.items()}
    balance = pd.concat([b.assign(rules=k) for k, b in bal.items()], ignore_index=True)
    balance.to_parquet(args.out / "balance.parquet", index=False)
    pd.concat([p.assign(rules=k) for k, p in pats.items()], ignore_index=True).to_parquet(
        args.out / "patterns.parquet", index=False)
    mj.plot.plot_fan_vs_rarity(bal).savefig(args.out / "fan_vs_rarity.png")
    mj.plot.plot_point_share(bal).savefig(args.out / "point_share.png")
    mj.plot.plot_pattern_frequency(pats).savefig(args.out / "pattern_frequency.png")
    cols = ["rules", "zh", "value", "wins", "share_of_wins", "rarity_bits", "gap_bits"]
    print(balance[cols].to_string(index=False))
    return balance


if __name__ == "__main__":
    main()
