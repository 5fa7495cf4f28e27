"""Experiment 005: the game tables of every rule set, as printed in ``docs/games.md``.

Plays ``--games`` hands per rule set (four ``efficiency`` bots) through the
durable runner — each rule set's chunks are saved under ``--out/<rules>``, so an
interrupted run finishes with ``--resume`` — and writes the tables as Markdown
(``game_tables.md``), the sums behind them (``game_stats.parquet``) and a chart
of pattern frequency (``pattern_frequency.png``).

    python experiments/005_game_tables.py --games 10000000 --seed 1 --out experiments/out/005
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pandas as pd

import mjstats as mj

RULES = ("sichuan", "sichuan-app", "guangan", "liuzhou")


def _md(df: pd.DataFrame, floats: str = "{:.4g}") -> str:
    cols = list(df.columns)
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for _, row in df.iterrows():
        cells = [floats.format(v) if isinstance(v, float) else
                 (f"{v:,}" if isinstance(v, int) else str(v)) for v in row.tolist()]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def _ci(df: pd.DataFrame, est: str, lo: str, hi: str, digits: int = 4) -> pd.Series:
    """Each estimate with its interval, or alone where it has none (a zero-sum group's mean)."""
    return [f"{e:.{digits}g}" if pd.isna(a) and pd.isna(b) else
            f"{e:.{digits}g} [{a:.{digits}g}, {b:.{digits}g}]"
            for e, a, b in zip(df[est], df[lo], df[hi], strict=True)]


def tables_markdown(r, seconds: float) -> str:
    """The Markdown section of one rule set."""
    parts = [f"### {r.rules.name} ({r.rules.name_zh}): {r.n_games:,} hands",
             f"Four `{r.bots[0]}` bots; {seconds:,.0f} s for this rule set in the last "
             f"command (chunks saved by an earlier, interrupted command are read back, not "
             f"replayed).", ""]
    o = r.outcomes()
    parts += ["Outcomes (95% Wilson intervals):", "",
              _md(o.assign(share=_ci(o, "share", "ci_low", "ci_high"))[
                  ["metric", "count", "share"]]), ""]
    v = r.fan()
    parts += [f"Value in {r.rules.unit} (mean [95% interval], sd):", "",
              _md(v.assign(mean=_ci(v, "mean", "ci_low", "ci_high"))[
                  ["metric", "n", "mean", "sd"]]), ""]
    p = r.patterns().query("wins > 0")
    b = r.balance().set_index("pattern")
    p = p.assign(share_of_wins=_ci(p, "share_of_wins", "share_lo", "share_hi", 3),
                 per_hand=_ci(p, "per_hand", "per_hand_lo", "per_hand_hi", 3),
                 rarity_bits=[b["rarity_bits"].get(k, float("nan")) for k in p["pattern"]],
                 log2_value=[b["log2_value"].get(k, float("nan")) for k in p["pattern"]],
                 point_share=[b["point_share"].get(k, float("nan")) for k in p["pattern"]])
    parts += ["Patterns of the winning readings (share of wins and per hand with 95% "
              "intervals; balance: log2 of the value beside -log2 of the share of wins; "
              "point share = points of the wins holding the pattern / all win points, "
              "overlapping):", "",
              _md(p[["zh", "en", "value", "wins", "share_of_wins", "per_hand",
                     "log2_value", "rarity_bits", "point_share"]], "{:.3g}"), ""]
    w = r.waits()
    parts += ["Waits at the win (share of wins):", "",
              _md(w.assign(share=_ci(w, "share", "ci_low", "ci_high", 3))[
                  ["metric", "category", "count", "share"]]), ""]
    pay = r.payoff()
    parts += ["Result per hand by seat (mean [95% interval]):", "",
              _md(pay.assign(mean=_ci(pay, "mean", "ci_low", "ci_high", 3))[
                  ["group", "n", "mean", "sd", "win_rate", "deal_in_rate"]], "{:.3g}"), ""]
    t = r.turns()
    q = {f"{int(x * 100)}% of wins by turn": int(t.loc[t["cumulative"] >= x, "turn"].min())
         for x in (0.25, 0.5, 0.75, 0.9)} if len(t) else {}
    parts += ["Winner's turn (own draws): " + ", ".join(f"{k} {v}" for k, v in q.items()), ""]
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", nargs="+", default=list(RULES))
    ap.add_argument("--out", type=Path, default=Path("experiments/out/005"))
    ap.add_argument("--resume", action="store_true", help="finish a run saved in --out")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    results, sections = {}, []
    for rules in args.rules:
        t = time.perf_counter()
        r = mj.simulate(rules, games=args.games, seed=args.seed, records=False,
                        out=args.out / rules, resume=args.resume, progress=not args.quiet)
        results[rules] = r
        sections.append(tables_markdown(r, time.perf_counter() - t))
    cmd = (f"python experiments/005_game_tables.py --games {args.games} --seed {args.seed} "
           f"--out {args.out}")
    (args.out / "game_tables.md").write_text(f"Made by `{cmd}`\n\n" + "\n".join(sections))
    stats = pd.concat([r.stats.to_frame().assign(rules=k) for k, r in results.items()],
                      ignore_index=True)
    stats.to_parquet(args.out / "game_stats.parquet", index=False)
    fig = mj.plot.plot_pattern_frequency({k: r.patterns() for k, r in results.items()})
    fig.savefig(args.out / "pattern_frequency.png")
    print("\n".join(sections))
    return stats


if __name__ == "__main__":
    main()
