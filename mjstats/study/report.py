"""The deal-odds page: exact tables of the three tile sets beside Monte Carlo estimates.

Run ``python -m mjstats.study.report --deals 1000000000 --seed 7 --tables DIR``
to write the Markdown of ``docs/deal-odds.md`` to standard output.  Study
tables already saved in ``DIR`` as ``<tileset>-<deals>.parquet`` are reused
(so a long run is done once); missing ones are computed and saved there.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

from mjstats.exact import complete_probability
from mjstats.results.tables import read_table, write_table
from mjstats.study.deal_study import deal_study

SETS = ("sichuan", "guangan", "liuzhou")


def _fmt_p(p: float) -> str:
    if p != p:  # NaN
        return ""
    if p == 0:
        return "0"
    if p < 1e-3:
        return f"{p:.4e}"
    return f"{p:.6f}"


def markdown_table(df: pd.DataFrame) -> str:
    """A DataFrame as a GitHub Markdown table (all cells as strings)."""
    cols = list(df.columns)
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for _, r in df.iterrows():
        lines.append("| " + " | ".join(str(r[c]) for c in cols) + " |")
    return "\n".join(lines)


def side_by_side(tables: dict[str, pd.DataFrame], metrics: list[str]) -> pd.DataFrame:
    """Rows ``(metric, category)``; per tile set: exact, Monte Carlo estimate, z."""
    out = None
    for ts, df in tables.items():
        d = df[df["metric"].isin(metrics)].copy()
        d[f"{ts} exact"] = d["exact"].map(_fmt_p)
        d[f"{ts} MC"] = d["estimate"].map(_fmt_p)
        d[f"{ts} z"] = d["z"].map(lambda z: "" if z != z else f"{z:+.2f}")
        d = d[["metric", "category", f"{ts} exact", f"{ts} MC", f"{ts} z"]]
        out = d if out is None else out.merge(d, on=["metric", "category"], how="outer")
    order = {m: i for i, m in enumerate(metrics)}
    forms = {"standard": 0, "seven_pairs": 1, "any": 2}
    out["_m"] = out["metric"].map(order)
    out["_c"] = pd.to_numeric(out["category"], errors="coerce").fillna(
        out["category"].map(forms))
    out = out.sort_values(["_m", "_c"]).drop(columns=["_m", "_c"])
    # a shanten one set cannot reach is absent from its table: probability 0, no z
    z_cols = [c for c in out.columns if c.endswith(" z")]
    return out.astype(object).fillna({c: ("" if c in z_cols else "0") for c in out.columns})


def _fmt_ci(e: float, lo: float, hi: float) -> str:
    f = (lambda x: f"{x:.2e}") if lo < 1e-3 else (lambda x: f"{x:.4f}")
    return f"{f(e)} [{f(lo)}, {f(hi)}]"


def mc_only(tables: dict[str, pd.DataFrame], metric: str) -> pd.DataFrame:
    """Rows of a Monte Carlo-only metric: per tile set the estimate and its interval."""
    out = None
    for ts, df in tables.items():
        d = df[df["metric"] == metric].copy()
        name = f"{ts} (n ready = {int(d['n'].iloc[0]):,})" if len(d) else ts
        d[name] = [_fmt_ci(*x) for x in zip(d["estimate"], d["ci_low"], d["ci_high"],
                                                strict=True)]
        d = d[["category", name]]
        out = d if out is None else out.merge(d, on="category", how="outer")
    first = {c: i for i, c in enumerate(dict.fromkeys(
        c for df in tables.values() for c in df.loc[df["metric"] == metric, "category"]))}
    out["_c"] = pd.to_numeric(out["category"], errors="coerce").fillna(
        out["category"].map(first))
    return out.sort_values("_c").drop(columns=["_c"]).astype(object).fillna("")


def fractions_table(tables: dict[str, pd.DataFrame], metrics: list[str]) -> pd.DataFrame:
    """Exact fractions of the headline metrics."""
    rows = []
    for ts, df in tables.items():
        d = df[df["metric"].isin(metrics)]
        for _, r in d.iterrows():
            rows.append({"tileset": ts, "metric": r["metric"], "category": r["category"],
                         "fraction": r["exact_fraction"],
                         "1 in": f"{1 / r['exact']:,.1f}" if r["exact"] else "never"})
    return pd.DataFrame(rows)


def load_or_run(deals: int, seed: int, folder: Path | None) -> dict[str, pd.DataFrame]:
    """Study tables of the three sets, read from ``folder`` when saved there."""
    out = {}
    for ts in SETS:
        path = folder / f"{ts}-{deals}.parquet" if folder else None
        if path is not None and path.exists():
            out[ts] = read_table(path)
        else:
            out[ts] = deal_study(ts, deals, seed=seed, progress=True)
            if path is not None:
                write_table(out[ts], path)
    return out


def render(tables: dict[str, pd.DataFrame], deals: int, seed: int) -> str:
    """The Markdown body of the deal-odds page."""
    riichi = complete_probability("liuzhou", definitions="riichi")
    parts = [
        "### Complete at the deal (dealer, 14 tiles), ready at the deal (13 tiles)",
        markdown_table(side_by_side(tables, ["complete_14", "complete_14_two_suits",
                                             "ready_13"])),
        "### Shanten of 13 tiles (standard form; minimum with seven pairs)",
        markdown_table(side_by_side(tables, ["shanten_13_standard", "shanten_13_any"])),
        "### Shanten of 14 tiles (standard form; minimum with seven pairs)",
        markdown_table(side_by_side(tables, ["shanten_14_standard", "shanten_14_any"])),
        "### Seven-pairs shanten (13 and 14 tiles)",
        markdown_table(side_by_side(tables, ["shanten_13_seven_pairs",
                                             "shanten_14_seven_pairs"])),
        "### Exact fractions",
        markdown_table(fractions_table(tables, ["complete_14", "complete_14_two_suits",
                                                "ready_13"])),
        "### Riichi check (136 tiles, seven distinct pairs, thirteen orphans)",
        f"P(dealer's 14 tiles complete) = {riichi.numerator}/{riichi.denominator} "
        f"= 1 in {float(1 / riichi):,.2f} (published: 1 in 330,530).",
        "### Waits of the ready 13-tile hands (Monte Carlo only; estimate [95 % interval])",
        "Kinds waited on:",
        markdown_table(mc_only(tables, "wait_kinds")),
        "Live tiles (4 - held, nothing visible yet):",
        markdown_table(mc_only(tables, "wait_live")),
        "Wait shapes (a hand can show several; fractions of ready hands):",
        markdown_table(mc_only(tables, "wait_shape")),
    ]
    secs = ", ".join(f"{ts} {df.attrs.get('seconds', float('nan')):.0f} s"
                     for ts, df in tables.items() if df.attrs.get("seconds"))
    head = f"Monte Carlo: {deals:,} deals per tile set, seed {seed}" + (
        f" ({secs})." if secs else ".")
    return head + "\n\n" + "\n\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> None:
    """Command line: print the tables of the deal-odds page."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10_000_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--tables", type=Path, default=None,
                    help="folder of saved study tables (<tileset>-<deals>.parquet)")
    args = ap.parse_args(argv)
    sys.stdout.write(render(load_or_run(args.deals, args.seed, args.tables), args.deals,
                            args.seed))


if __name__ == "__main__":
    main()
