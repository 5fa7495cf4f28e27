"""Experiment 008: how the ``ev`` bot fares against ``efficiency``, by its settings.

For each rule set, one duplicate match ``ev`` against ``efficiency`` (the same
deals, six seatings each) per setting of the ``ev`` bot
(:func:`mjstats.sim.ev.settings`): the bot as it plays by default (value
objective, solved at every discard, the improving search at shanten 1 or less,
the fast mode above it), without the fast mode (``fast=False``: such hands left to
``efficiency``), the fast mode only, the fast mode following its first solved
policy (``follow``), and the probability of winning as the objective
(``--variants`` picks some, by key).  Writes ``ev_variants.parquet``
(``ev`` minus ``efficiency`` in points per hand, win rate and deal-in rate, with
95% intervals, and each match's seconds), ``ev_variants.md`` (the table of
``docs/experiments.md``, "008") and ``ev_variants.png`` (the points per hand
with their intervals, one panel per rule set).

    python experiments/008_ev_variants.py --variants default,fast,follow,win --games 1000 \
        --seed 5 --out experiments/out/008
    python experiments/008_ev_variants.py --variants default,no-fast \
        --rules sichuan,guangan,liuzhou --games 5000 --seed 1 --out experiments/out/008-fast
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd

import mjstats as mj
from mjstats.sim import ev

VARIANTS = {  # key: (the table's name, the settings)
    "default": ("value (the default)", dict()),
    "no-fast": ("value, no fast mode", dict(fast=False)),
    "fast": ("value, fast mode only", dict(improve_at=-1)),
    "follow": ("value, fast mode, follow", dict(improve_at=-1, follow=True)),
    "win": ("win", dict(objective="win")),
}
METRICS = (("points per hand", "points"), ("win rate", "win rate"),
           ("deal-in rate", "deal-in"))


def play(rules: str, games: int, seed: int, keys=tuple(VARIANTS)) -> list[dict]:
    """One row per setting: ``ev`` minus ``efficiency`` for each metric, with its interval."""
    rows = []
    for name, kw in (VARIANTS[k] for k in keys):
        t = time.perf_counter()
        with ev.settings(**kw):
            m = mj.match(rules, bots=["ev", "efficiency"], games=games, seed=seed,
                         progress=False)
        diff = m.table()
        diff = diff[diff["bot"] == "ev - efficiency"]
        row = {"rules": rules, "setting": name, "deals": games,
               "seconds": round(time.perf_counter() - t, 1)}
        for metric, col in METRICS:
            r = diff[diff["metric"].str.startswith(metric)].iloc[0]
            row[col], row[f"{col} low"], row[f"{col} high"] = r.estimate, r.ci_low, r.ci_high
        rows.append(row)
    return rows


def markdown(df: pd.DataFrame) -> str:
    """The table of ``docs/experiments.md``: each difference with its 95% interval."""
    lines = ["| rules | ev setting | seconds | points | win rate | deal-in |",
             "|---|---|---|---|---|---|"]
    for _, r in df.iterrows():
        cells = [f"{r[c]:+.4g} [{r[c + ' low']:+.4g}, {r[c + ' high']:+.4g}]"
                 for _, c in METRICS]
        lines.append(f"| {r['rules']} | {r['setting']} | {r['seconds']:.0f} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines)


def chart(df: pd.DataFrame, path: Path) -> None:
    """Points per hand, ``ev`` minus ``efficiency``, with 95% intervals: a panel per rule set."""
    from mjstats.plotting.style import setup, unit_label

    setup()  # the units' Chinese glyphs
    groups = list(df.groupby("rules", sort=False))
    fig, axes = plt.subplots(1, len(groups), figsize=(4.5 * len(groups), 3.2), squeeze=False)
    for ax, (rules, g) in zip(axes[0], groups, strict=True):
        y = range(len(g))
        ax.errorbar(g["points"], y, xerr=[g["points"] - g["points low"],
                                          g["points high"] - g["points"]],
                    fmt="o", capsize=4, color="tab:blue")
        ax.axvline(0, color="grey", lw=1)
        ax.set_yticks(list(y), g["setting"])
        ax.invert_yaxis()
        ax.set_title(f"{rules}: ev − efficiency")
        ax.set_xlabel(f"points per hand ({unit_label(mj.rules(rules).unit)}), 95%\n"
                      f"({int(g['deals'].iloc[0]):,} deals × 6)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main(argv: list[str] | None = None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="sichuan,liuzhou")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--variants", default=",".join(VARIANTS),
                    help=f"the settings to play, by key ({', '.join(VARIANTS)})")
    ap.add_argument("--out", type=Path, default=Path("experiments/out/008"))
    a = ap.parse_args(argv)
    keys = a.variants.split(",")
    bad = [k for k in keys if k not in VARIANTS]
    if bad:
        ap.error(f"unknown variant {bad[0]!r}; the keys are {', '.join(VARIANTS)}")
    a.out.mkdir(parents=True, exist_ok=True)
    rows = []
    for rules in a.rules.split(","):
        rows += play(rules, a.games, a.seed, keys)
    df = pd.DataFrame(rows)
    df.to_parquet(a.out / "ev_variants.parquet")
    md = markdown(df)
    (a.out / "ev_variants.md").write_text(md + "\n")
    chart(df, a.out / "ev_variants.png")
    print(md)
    return md


if __name__ == "__main__":
    main()
