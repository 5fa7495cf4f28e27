"""Experiment 006: presets of one region compared on the same hands (paired differences).

Sichuan's scoring switches — the Chengdu table, the app table (``sichuan-app``), no
cap with 自摸加番 — change what a hand pays, not how it is played, so
``mj.compare`` plays every chunk of hands under each preset from the same seeded
state and reports, for each preset against the first, the mean difference of the
value per win, the value per hand and the dealer edge with a *paired* 95%
interval (the luck of the deal cancels).  Prints the Markdown table of
``docs/games.md`` ("Paired comparison of presets") beside each preset's own
interval, and writes to ``--out`` the chunks of the run (``runs/``, resumable),
the table (``paired.md``), the sums (``paired_stats.parquet``) and a chart of
the intervals (``paired_intervals.png``).

    python experiments/006_paired_presets.py --games 200000 --seed 1 --out experiments/out/006

With ``--regions`` it compares the four regions instead (``sichuan``,
``sichuan-app``, ``guangan``, ``liuzhou``) and prints their side-by-side table
(``compare_table``, every float by :func:`mjstats._format.number`) with its
notes, as in ``docs/games.md`` ("Tables from 2×10^5 hands"):

    python experiments/006_paired_presets.py --regions --games 200000 --seed 2026 \
        --out experiments/out/006-regions
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pandas as pd

import mjstats as mj
from mjstats._format import number
from mjstats.results.games import compare_table
from mjstats.rules import rules


def presets() -> list:
    """The compared presets: Chengdu table (reference), app table, uncapped 自摸加番."""
    return ["sichuan", "sichuan-app", rules("sichuan", cap=None, zimo="fan")]


def paired_markdown(res: dict) -> str:
    """Each preset's value rows and its paired differences with the first, as Markdown."""
    t = compare_table(res)
    t = t[t["metric"].str.contains("value per|dealer edge")]
    lines = ["| preset | metric | estimate | 95% interval | width |", "|---|---|---|---|---|"]
    for _, r in t.iterrows():
        if pd.isna(r["estimate"]):
            continue
        lines.append(f"| {r['rules']} | {r['metric']} | {r['estimate']:.4g} | "
                     f"[{r['ci_low']:.4g}, {r['ci_high']:.4g}] | "
                     f"{r['ci_high'] - r['ci_low']:.2g} |")
    return "\n".join(lines)


REGIONS = ("sichuan", "sichuan-app", "guangan", "liuzhou")


def side_by_side_markdown(res: dict) -> str:
    """The whole compare table as Markdown, with its notes (blank: a figure without interval)."""
    t = compare_table(res)
    lines = ["| " + " | ".join(t.columns) + " |", "|" + "---|" * len(t.columns)]
    for _, r in t.iterrows():
        lines.append("| " + " | ".join(number(v) if isinstance(v, float) else str(v)
                                       for v in r.tolist()) + " |")
    return "\n".join(lines + [""] + [f"- {note}" for note in t.attrs["notes"]])


def main(argv: list[str] | None = None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("experiments/out/006"))
    ap.add_argument("--resume", action="store_true", help="finish a run saved in --out")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--regions", action="store_true",
                    help="compare the four regions and print their side-by-side table")
    a = ap.parse_args(argv)
    t = time.perf_counter()
    a.out.mkdir(parents=True, exist_ok=True)
    if a.regions:
        res = mj.compare(list(REGIONS), games=a.games, seed=a.seed, records=False,
                         out=a.out / "runs", resume=a.resume, progress=not a.quiet)
        md = side_by_side_markdown(res)
        pairs = ", ".join(f"{k} {v}" for k, v in res.pairing.items())
        head = (f"{a.games:,} hands x {len(res)} rule sets, seed {a.seed}, four efficiency "
                f"bots: {time.perf_counter() - t:,.0f} s; pairing with the first: {pairs}")
        (a.out / "side_by_side.md").write_text(f"{head}\n\n{md}\n")
        print(head + "\n\n" + md)
        return res
    res = mj.compare(presets(), games=a.games, seed=a.seed, records=False, out=a.out / "runs",
                     resume=a.resume, progress=not a.quiet)
    md = paired_markdown(res)
    head = (f"{a.games:,} hands x {len(res)} presets, seed {a.seed}, four efficiency bots: "
            f"{time.perf_counter() - t:,.0f} s; every hand won alike: "
            f"{all(r.stats.n('pair/aligned') == a.games for r in list(res.values())[1:])}")
    cmd = (f"python experiments/006_paired_presets.py --games {a.games} --seed {a.seed} "
           f"--out {a.out}")
    (a.out / "paired.md").write_text(f"Made by `{cmd}`\n\n{head}\n\n{md}\n")
    stats = pd.concat([r.stats.to_frame().assign(rules=k) for k, r in res.items()],
                      ignore_index=True)
    stats.to_parquet(a.out / "paired_stats.parquet", index=False)
    _plot(res).savefig(a.out / "paired_intervals.png", dpi=110)
    print(head + "\n\n" + md)
    return stats


def _plot(res: dict):
    """Value per hand of each preset (own interval) and its paired difference with the first."""
    import matplotlib.pyplot as plt

    t = compare_table(res)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 3.2))
    own = t[t["metric"].str.startswith("value per hand")]
    dif = t[t["metric"].str.startswith("difference: value per hand")].dropna()
    for ax, df, title in ((ax1, own, "value per hand (own 95% interval)"),
                          (ax2, dif, f"minus {next(iter(res))} (paired 95% interval)")):
        y = range(len(df))
        ax.errorbar(df["estimate"], list(y), xerr=[df["estimate"] - df["ci_low"],
                                                   df["ci_high"] - df["estimate"]],
                    fmt="o", capsize=4)
        ax.set_yticks(list(y), df["rules"])
        ax.set_title(title, fontsize=9)
    ax2.axvline(0, color="grey", lw=0.8)
    fig.tight_layout()
    return fig


if __name__ == "__main__":
    main()
