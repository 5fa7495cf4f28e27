"""Experiment 007: does the balance of a region's scoring change with the players' skill?

Plays every rule set with each bot in all four seats (``--bots``, the first the
reference) on the same seed — the same deals wherever no bot draws random
numbers — and tabulates, per region and bot, the value per win and per hand,
each pattern's frequency per hand and its share of points
(:func:`mjstats.results.games.skill_table`, with the ratio of each pattern's
frequency to the reference bot's and its 95% interval).  The ``ev`` bot, which
solves every decision exactly and plays some 400 times slower, plays the first
``--ev-games`` hands of the seed (the same deals as the others' first hands).
Writes ``skill.parquet`` (every row), ``skill.md`` (the Markdown of
``docs/experiments.md``, "007"), ``skill_sensitivity.png``
(:func:`mjstats.plot.plot_skill`) and ``skill_shift.png``, how each pattern
moves from the reference bot to ``ev`` (:func:`mjstats.plot.plot_skill_shift`);
each run is saved under ``--out/runs`` and resumes with ``--resume``.

    python experiments/007_skill_sensitivity.py --games 200000 --ev-games 20000 --seed 1 \
        --out experiments/out/007
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pandas as pd

import mjstats as mj
from mjstats._format import number
from mjstats.results.games import skill_table

RULES = ("sichuan", "guangan", "liuzhou")
BOTS = ("efficiency", "value", "zimo", "ev")


def _ci(e, lo, hi) -> str:
    return f"{number(e)} [{number(lo)}, {number(hi)}]"


def values_markdown(runs: dict) -> str:
    """Value per win and per hand, win rate per hand, by rule set and bot."""
    lines = ["| rule set | bot | value per win | value per hand | draw rate |",
             "|---|---|---|---|---|"]
    for rules, by_bot in runs.items():
        for bot, r in by_bot.items():
            f = r.fan().set_index("metric")
            o = r.outcomes().set_index("metric")
            drawn = o.iloc[0]
            unit = f.loc["per win", "unit"]
            lines.append(f"| {rules} | {bot} | "
                         f"{_ci(*f.loc['per win', ['mean', 'ci_low', 'ci_high']])} {unit} | "
                         f"{_ci(*f.loc['per hand', ['mean', 'ci_low', 'ci_high']])} {unit} | "
                         f"{_ci(drawn['share'], drawn['ci_low'], drawn['ci_high'])} |")
    return "\n".join(lines)


def patterns_markdown(tables: dict, top: int = 8) -> str:
    """Per rule set, the reference bot's ``top`` most frequent patterns under every bot."""
    out = []
    for rules, t in tables.items():
        bots = list(dict.fromkeys(t["bot"]))
        keep = list(dict.fromkeys(t["pattern"]))[:top]
        head = "| pattern | " + " | ".join(f"{b}: per hand / point share / ratio to {bots[0]}"
                                          for b in bots)
        out += [f"**{rules}**", "", head + " |", "|---|" + "---|" * len(bots)]
        for p in keep:
            rows = t[t["pattern"] == p].set_index("bot")
            name = f"{rows['zh'].iloc[0]} {rows['en'].iloc[0]}"
            cells = []
            for i, b in enumerate(bots):
                x = rows.loc[b]
                ratio = ("1 (reference)" if i == 0 else
                         _ci(x["ratio"], x["ratio_lo"], x["ratio_hi"]) if x["hands"] > 0 else
                         "0 (never)")
                cells.append(f"{number(x['per_hand'])} / {number(x['point_share'])} / {ratio}")
            out.append(f"| {name} | " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--ev-games", type=int, default=20_000,
                    help="hands of the ev bot (the first of the seed), at most --games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", nargs="+", default=list(RULES))
    ap.add_argument("--bots", nargs="+", default=list(BOTS),
                    help="bots, each played in all four seats; the first is the reference")
    ap.add_argument("--out", type=Path, default=Path("experiments/out/007"))
    ap.add_argument("--resume", action="store_true", help="finish a run saved in --out")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    size = {bot: min(a.games, a.ev_games) if bot == "ev" else a.games for bot in a.bots}
    runs = {rules: {bot: mj.simulate(rules, size[bot], bots=bot, seed=a.seed, records=False,
                                     out=a.out / "runs" / f"{rules}-{bot}", resume=a.resume,
                                     progress=not a.quiet)
                    for bot in a.bots}
            for rules in a.rules}
    tables = {rules: skill_table(by_bot) for rules, by_bot in runs.items()}
    seconds = time.perf_counter() - t0
    allrows = pd.concat([t.assign(rules=k) for k, t in tables.items()], ignore_index=True)
    allrows.to_parquet(a.out / "skill.parquet", index=False)
    mj.plot.plot_skill(tables).savefig(a.out / "skill_sensitivity.png")
    if "ev" in a.bots and a.bots[0] != "ev":
        mj.plot.plot_skill_shift(tables, bot="ev").savefig(a.out / "skill_shift.png")
    cmd = (f"python experiments/007_skill_sensitivity.py --games {a.games} "
           f"--ev-games {a.ev_games} --seed {a.seed} --out {a.out}")
    sizes = ", ".join(f"{b} {n:,}" for b, n in size.items())
    md = (f"Made by `{cmd}` (hands per rule set: {sizes}; {seconds:,.0f} s)\n\n"
          + values_markdown(runs) + "\n\n" + patterns_markdown(tables))
    (a.out / "skill.md").write_text(md + "\n")
    print(md)
    return allrows


if __name__ == "__main__":
    main()
