"""``mjstats report``: one command, a folder with ``index.html``, charts and the data.

The report runs the studies on the embedded defaults (sizes scale with
``--games``), writes every table as Parquet beside the page, draws the charts
as PNG and records the exact command, seed and versions that produced it.
Sections are small functions ``section(ctx) -> Section``, one per study.  A
study that runs on one core for long (the ``ev`` bot's hands of the skill
section) is started first in a thread of its own (:data:`AHEAD`), so that the
sections before it keep the other cores busy meanwhile.
"""

from __future__ import annotations

import html
import platform
import re
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from mjstats._checks import count
from mjstats._format import formatters

TILESETS = ("sichuan", "guangan", "liuzhou")


@dataclass
class Context:
    """What every section gets: sizes, seed, the output folder and a progress switch.

    ``files`` collects every table written (:meth:`save`) for the page's data section.
    """

    games: int
    deals: int
    seed: int
    out: Path
    progress: bool = True
    command: str = ""
    files: list[tuple[str, str, list[str]]] = field(default_factory=list)
    methods: list[str] = field(default_factory=list)
    started: dict[str, Future] = field(default_factory=dict)
    """The studies of :data:`AHEAD` already running, by name (:meth:`result`)."""

    def result(self, name: str):
        """The study ``name`` of :data:`AHEAD`: its started run's result, or run here.

        While a started study is still running, a line on standard error (with
        ``progress``) counts the time waited for it.
        """
        job = self.started.pop(name, None)
        if job is None:
            return AHEAD[name](self)
        if not self.progress or job.done():
            return job.result()
        from tqdm.auto import tqdm

        with tqdm(desc=f"waiting for {name} (started beside the other studies)",
                  bar_format="{desc} [{elapsed}]") as bar:
            while True:
                try:
                    return job.result(timeout=0.5)
                except TimeoutError:
                    bar.refresh()

    def save(self, df: pd.DataFrame, name: str, what: str) -> None:
        """Write ``df`` as ``name.parquet`` and ``name.csv`` and list it with its columns."""
        df.to_parquet(self.out / f"{name}.parquet", index=False)
        df.to_csv(self.out / f"{name}.csv", index=False)
        self.files.append((name, what, [str(c) for c in df.columns]))


@dataclass
class Section:
    """A block of the report: a title, paragraphs, tables and images (in ``out``).

    Tables and figures carry captions; the page numbers them in order
    (Table 1, Figure 1, ...).
    """

    title: str
    parts: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        """The section's id in the page (ASCII, from its English title words)."""
        words = re.findall(r"[A-Za-z0-9]+", self.title)
        return "-".join(w.lower() for w in words) or "section"

    def text(self, s: str) -> None:
        """Add a paragraph (escaped)."""
        self.parts.append(("p", f"<p>{html.escape(s)}</p>", ""))

    def table(self, df: pd.DataFrame, caption: str) -> None:
        """Add a table with its caption (significant digits: :func:`mjstats._format.number`)."""
        body = df.to_html(index=False, formatters=formatters(df), border=0, classes="t",
                          na_rep="")
        self.parts.append(("table", body, caption))

    def image(self, ctx: Context, ax, name: str, caption: str) -> None:
        """Save the Axes' figure as ``name`` in the report folder and show it, captioned."""
        path = ctx.out / name
        ax.figure.savefig(path)  # at the figure's own resolution (mjstats.plotting.style)
        import matplotlib.pyplot as plt

        plt.close(ax.figure)
        self.parts.append(("figure", f'<img src="{html.escape(name)}" '
                                     f'alt="{html.escape(caption)}">', caption))


def _versions() -> dict[str, str]:
    import numba
    import numpy

    from mjstats import __version__

    return {"mjstats": __version__, "python": platform.python_version(),
            "numpy": numpy.__version__, "numba": numba.__version__, "pandas": pd.__version__}


def section_deals(ctx: Context) -> Section:
    """Odds at the deal for the three tile sets, Monte Carlo beside exact."""
    import mjstats as mj

    sec = Section("Odds at the deal 起手牌")
    ctx.methods.append(f"Deal study: {ctx.deals:,} deals per tile set ({', '.join(TILESETS)}); "
                       f"exact values from mjstats.exact.")
    df = pd.concat([mj.deal_study(t, deals=ctx.deals, seed=ctx.seed, progress=ctx.progress)
                    for t in TILESETS], ignore_index=True)
    ctx.save(df, "deal_study", "the deal study of the three tile sets (every metric)")
    sec.text(f"{ctx.deals:,} random deals per tile set (dealer 14 tiles; the 13-tile hand is "
             f"its first 13), seed {ctx.seed}. Every Monte Carlo figure has a 95% Wilson "
             f"interval; 'exact' comes from mjstats.exact (combinatorics), z is the "
             f"estimate's distance to it in standard errors.")
    key = df["metric"].isin(["complete_14", "complete_14_two_suits", "ready_13"])
    sec.table(df.loc[key, ["tileset", "metric", "category", "count", "n", "estimate",
                           "ci_low", "ci_high", "exact", "z"]],
              f"Complete and ready hands at the deal, by tile set: Monte Carlo over "
              f"{ctx.deals:,} deals each (95% Wilson intervals) beside the exact value.")
    from mjstats.results.fit import deal_fit

    fit = deal_fit(df)
    ctx.save(fit, "deal_fit", "goodness of fit of each shanten distribution against its "
                              "exact values")
    a = fit.attrs
    sec.table(fit, f"Goodness of fit: Pearson's chi-square of each starting-shanten "
                   f"distribution ({ctx.deals:,} deals) against its exact values (cells "
                   f"expected below 5 merged), with its p-value. Of the {a['z_rows']} rows "
                   f"with an exact value, {a['z_over_2']} lie beyond |z| > 2, against "
                   f"{a['z_expected']:.1f} expected by chance.")
    sec.image(ctx, mj.plot.plot_deal_odds(df), "deal_odds.png",
              "P(complete at deal) and P(ready at deal) by region, 95% intervals")
    sec.image(ctx, mj.plot.plot_shanten(df, n_tiles=13, form="any"), "shanten_13.png",
              "starting shanten (13 tiles, min over standard and seven pairs); "
              "black ticks: exact values")
    shapes = df[df["metric"] == "wait_shape"]
    sec.table(shapes[["tileset", "category", "count", "n", "estimate", "ci_low", "ci_high"]],
              f"Wait shapes of the ready 13-tile hands dealt, by tile set ({ctx.deals:,} "
              f"deals each; share of the ready hands, 95% Wilson intervals).")
    return sec


GAME_RULES = ("sichuan", "sichuan-app", "guangan", "liuzhou")


def section_games(ctx: Context) -> Section:
    """Whole hands under each rule set: patterns, value, waits, turns, payoffs, balance."""
    import mjstats as mj
    from mjstats.sim.simulate import CHUNK

    sec = Section("Whole games 对局模拟")
    # one compare run: each rule set's hands are those of its own simulate on the
    # seed, and the paired differences with the first come with them; chunks of
    # about 1/32 of the run give the convergence check its points
    chunk = max(CHUNK, ctx.games // CONVERGENCE_POINTS // CHUNK * CHUNK)
    comparison = mj.compare(list(GAME_RULES), ctx.games, seed=ctx.seed, records=False,
                            progress=ctx.progress, chunk=chunk)
    results = dict(comparison)
    sec.text(f"{ctx.games:,} hands per rule set, four 'efficiency' bots, seed {ctx.seed}, "
             f"every rule set played on the hands of the same seeded chunks. Intervals are "
             f"95% (Wilson for proportions, normal for means).")
    for rules, r in results.items():
        ctx.save(r.stats.to_frame(), f"game_stats_{rules}",
                 f"the exact sums of the {rules} run (every tally the tables are made from)")
        R = mj.rules(rules)
        ctx.methods.append(
            f"{rules}: {ctx.games:,} hands, four 'efficiency' bots, unit {R.unit}; switches "
            + ", ".join(f"{k}={v!r}" for k, v in R.switches.items())
            + f" (readings and seed sources: docs/rules/{R.family.name.lower()}.md).")
    outcomes = pd.concat([r.outcomes().assign(rules=k) for k, r in results.items()])
    sec.table(outcomes[["rules"] + [c for c in outcomes.columns if c != "rules"]],
              f"How hands end, by rule set ({ctx.games:,} hands each; share with a 95% "
              f"Wilson interval).")
    fan = pd.concat([r.fan().assign(rules=k) for k, r in results.items()])
    sec.table(fan[["rules"] + [c for c in fan.columns if c != "rules"]],
              "Value of a win and result per hand, by rule set, in each rule set's own unit "
              "(倍 Sichuan, 颗 Guang'an, 分 Liuzhou; mean with a 95% normal interval).")
    pats = {k: r.patterns() for k, r in results.items()}
    bal = {k: r.balance() for k, r in results.items()}
    ctx.save(outcomes, "game_outcomes", "how hands end, by rule set")
    ctx.save(fan, "game_values", "value per win and per hand, by rule set")
    ctx.save(pd.concat([t.assign(rules=k) for k, t in pats.items()]), "game_patterns",
             "each pattern's frequency, by rule set")
    sec.image(ctx, mj.plot.plot_pattern_frequency(pats), "pattern_frequency.png",
              "how often each pattern wins, per hand, by rule set (95% intervals)")
    sec.image(ctx, mj.plot.plot_fan_vs_rarity(bal), "fan_vs_rarity.png",
              "each pattern's value (log2) against its rarity (-log2 of its share of wins)")
    sec.image(ctx, mj.plot.plot_point_share(bal), "point_share.png",
              "share of all points carried by wins with each pattern")
    waits = {k: r.waits() for k, r in results.items()}
    sec.image(ctx, mj.plot.plot_wait_width(waits), "wait_width.png",
              "kinds waited on at the moment of winning")
    sec.image(ctx, mj.plot.plot_wait_shapes(waits), "wait_shapes.png",
              "wait shapes at the moment of winning")
    sec.image(ctx, mj.plot.plot_win_turns({k: r.turns() for k, r in results.items()}),
              "win_turns.png", "cumulative share of wins by the winner's turn")
    sec.image(ctx, mj.plot.plot_payoff({k: r.payoff() for k, r in results.items()}),
              "payoff.png", "mean result per hand by seat relative to the dealer")
    for k, b in bal.items():
        ctx.save(b.assign(rules=k), f"balance_{k}",
                 f"value against rarity of each pattern ({k})")
    _paired(ctx, sec, comparison, "game_compare", ctx.games)
    _convergence(ctx, sec, results)
    return sec


CONVERGENCE_POINTS = 32
"""About how many chunks the report's game runs are cut into: the points of its
convergence check (the numbers do not depend on it)."""


def _paired(ctx: Context, sec: Section, comparison, name: str, games: int) -> None:
    """The paired comparison of the presets against the first: table, notes, how each pairs."""
    from mjstats.results.compare import PAIRINGS

    t = comparison.table()
    first = next(iter(comparison))
    rows = t[t["metric"].str.startswith("difference: ")]
    ctx.save(t, name, f"headline figures of every preset and the paired differences with "
                      f"{first}")
    plays = comparison.plays()
    sec.text("Paired comparison: every preset is played on the hands of the same seeded "
             f"chunks as {first}, and each difference is taken hand by hand ("
             + "; ".join(f"{k}: {v} — {PAIRINGS[v]}" for k, v in comparison.pairing.items()
                         if v != "reference") + "). " + " ".join(
                 f"{n}." for n in t.attrs["notes"]))
    sec.table(rows, f"Paired differences with {first} (this preset minus {first}, "
                    f"{games:,} hands each; 95% interval from the sd of the per-hand or "
                    f"per-win differences). Presets on the same hands have differences far "
                    f"narrower than their own intervals; other tile sets deal other walls, so "
                    f"theirs are those of independent samples, and values in other units are "
                    f"not differenced.")
    sec.table(plays, "How each preset was played and paired with the first.")


def _convergence(ctx: Context, sec: Section, results: dict) -> None:
    """Running estimates of the headline figures and their convergence check."""
    import mjstats as mj

    conv = {k: r.convergence() for k, r in results.items()}
    check = pd.concat([r.convergence_check().assign(rules=k) for k, r in results.items()],
                      ignore_index=True)
    check = check[["rules"] + [c for c in check.columns if c != "rules"]]
    ctx.save(check, "game_convergence", "convergence check of each rule set's headline "
                                        "estimates (halves, batch means)")
    ctx.save(pd.concat([c.assign(rules=k) for k, c in conv.items()], ignore_index=True),
             "game_running", "running estimates of value per hand and draw rate after "
                             "each chunk, by rule set")
    sec.table(check, f"Convergence check of the headline estimates ({ctx.games:,} hands per "
                     f"rule set in {int(check['batches'].iloc[0])} chunks): the estimates of "
                     f"the first and second half of the chunks and their difference in "
                     f"standard errors (z_halves, |z| > 2 one time in twenty by chance), and "
                     f"se_ratio, the standard error from the spread of the chunk means over "
                     f"the interval's own (about 1 when hands are independent).")
    sec.image(ctx, mj.plot.plot_game_convergence(conv), "convergence.png",
              "running estimate of value per hand as hands grow, with its 95% interval; "
              "dashed: the final estimate")


SKILL_BOTS = ("efficiency", "value", "zimo", "ev")
"""The bots of the report's skill section, each in all four seats; the first is the reference."""

SKILL_EV_SHARE = 400
"""The ``ev`` bot (some 400 times slower) plays 1/SKILL_EV_SHARE of the report's hands (at
least one seeded chunk) in the skill section."""

LADDER_SHARE = 100
"""The report's ladder: deals per step, as a share of its hands.  Its order is the
mahjong one without ``ev``: a match with ``ev`` seats compiles the duplicate engine once
more (minutes on a cold cache) and plays some 40 deals/s on two cores, so ``efficiency < ev`` is
measured in ``docs/match.md`` (:data:`EV_LADDER_DEALS`) and cited, not rerun."""

EV_LADDER_DEALS = 16_667
"""Deals per step of the ``efficiency < ev`` ladder of ``docs/match.md`` that the report cites."""


SKILL_RULES = tuple(r for r in GAME_RULES if r != "sichuan-app")
"""The rule sets of the skill section: sichuan-app is left out, its efficiency, value and
zimo hands being sichuan's (the same play, scored another way); its ev bot plays by its
own values, whose ladder step is in docs/match.md."""


def _skill_ev_games(ctx: Context) -> int:
    from mjstats.sim.simulate import CHUNK

    return max(CHUNK, ctx.games // SKILL_EV_SHARE)


def _skill_ev(ctx: Context) -> dict:
    """The skill section's ``ev`` hands, one run per rule set (one core each: a seeded chunk)."""
    from mjstats.sim.simulate import simulate

    return {r: simulate(r, games=_skill_ev_games(ctx), bots="ev", seed=ctx.seed, records=False,
                        progress=False) for r in SKILL_RULES}


AHEAD: dict[str, Callable[[Context], object]] = {"skill_ev": _skill_ev}
"""Studies :func:`write_report` starts in threads of their own before the first section,
each one core's work for much of the report: the ``ev`` bot plays some 400 times slower
than the others, on one seeded chunk per rule set.  Their kernels release the GIL, so the
sections run beside them on the other cores; a section takes its study with
:meth:`Context.result` (the same seeds, the same numbers as run in the section)."""


def _start(ctx: Context, name: str) -> Future:
    """Run ``AHEAD[name](ctx)`` in a daemon thread (an interrupted report does not wait for it)."""
    import threading

    job: Future = Future()

    def run():
        try:
            job.set_result(AHEAD[name](ctx))
        except BaseException as e:  # noqa: BLE001 - handed to the section that takes the result
            job.set_exception(e)

    threading.Thread(target=run, name=f"mjstats-report-{name}", daemon=True).start()
    return job


def section_skill(ctx: Context) -> Section:
    """How much the players' skill matters: the ladder of the bots, each pattern under each bot."""
    import mjstats as mj
    from mjstats.results.games import skill_table
    from mjstats.sim.simulate import CHUNK, simulate
    from mjstats.study.match import LADDERS

    sec = Section("How much does skill matter 技术的影响")
    games = max(CHUNK, ctx.games // 4)
    size = {b: _skill_ev_games(ctx) if b == "ev" else games for b in SKILL_BOTS}
    deals = max(64, ctx.games // LADDER_SHARE)
    steps = mj.ladder(list(GAME_RULES), deals, seed=ctx.seed, progress=ctx.progress).table()
    ctx.save(steps, "ladder", "each step of the ladder of bots: the paired difference of "
                              "points per hand, upper minus lower, and its verdict")
    order = " < ".join(LADDERS["mahjong"])
    ctx.methods.append(f"Ladder: duplicate matches (docs/match.md), {deals:,} deals per step "
                       f"of {order}, six seatings each, seed {ctx.seed}.")
    sec.text(f"Duplicate matches rank the bots: each step of the order {order} is a match of "
             f"the two bots on the same deals under six seatings, two seats each "
             f"(docs/match.md). 'zimo' takes only self-drawn wins; 'value' steers toward the "
             f"big patterns by fixed thresholds. 'ev' solves every discard, call and 定缺 "
             f"exactly, by the expected value of the hand against the wall (mj.odds' model); "
             f"it plays some 400 times slower and is not rerun here: in docs/match.md, "
             f"efficiency < ev holds under all four presets at {EV_LADDER_DEALS:,} deals per "
             f"step (mjstats ladder --bots efficiency,ev --games {EV_LADDER_DEALS} --seed 1).")
    sec.table(steps, f"The ladder: each step's difference of points per hand, upper bot minus "
                     f"lower, paired by deal ({deals:,} deals per step; 95% interval over "
                     f"deals); 'holds' when the interval lies above 0.")
    ev = ctx.result("skill_ev")
    runs = {r: {b: ev[r] if b == "ev" else simulate(r, games=size[b], bots=b, seed=ctx.seed,
                                                    records=False, progress=ctx.progress)
                for b in SKILL_BOTS} for r in SKILL_RULES}
    tables = {r: skill_table(by_bot) for r, by_bot in runs.items()}
    sizes = ", ".join(f"{b} {n:,}" for b, n in size.items())
    ctx.methods.append(f"Skill: hands per rule set and bot {sizes} (each bot in all four "
                       f"seats), seed {ctx.seed}.")
    sec.text(f"The balance tables above come from 'efficiency' bots, which lower shanten and "
             f"never chase a pattern. Here each rule set is played with each bot in all four "
             f"seats, on the same seed (the same deals; 'ev' plays the first "
             f"{size['ev']:,} of them, being far slower): how the pattern frequencies, the "
             f"value of a win and the share of points move when every player plays another "
             f"way, or better.")
    vals = pd.concat([r.fan().assign(rules=k, bot=b) for k, by_bot in runs.items()
                      for b, r in by_bot.items()], ignore_index=True)
    vals = vals[vals["metric"].isin(["per win", "per hand"])][
        ["rules", "bot", "metric", "unit", "n", "mean", "ci_low", "ci_high"]]
    ctx.save(vals, "skill_values", "value per win and per hand by rule set and bot")
    sec.table(vals, f"Value per win and per hand by bot, in each rule set's unit (hands per "
                    f"rule set and bot: {sizes}; mean with a 95% normal interval).")
    rows = pd.concat([t.assign(rules=k) for k, t in tables.items()], ignore_index=True)
    ctx.save(rows[["rules"] + [c for c in rows.columns if c != "rules"]], "skill",
             "each pattern's frequency and share of points by rule set and bot, with its "
             "ratio to the reference bot")
    sec.image(ctx, mj.plot.plot_skill_shift(tables, bot="ev"), "skill_shift.png",
              f"how each pattern's frequency per hand and share of win points move from "
              f"'efficiency' to 'ev' ({sizes} hands; 95% intervals)")
    sec.image(ctx, mj.plot.plot_skill(tables), "skill.png",
              f"how often each pattern comes per hand under each bot ({sizes} hands per "
              f"rule set; 95% intervals)")
    return sec


def section_daer(ctx: Context) -> Section:
    """Da Er: dealt wins (exact beside Monte Carlo), 胡 and 名堂 of dealt winning hands."""
    import mjstats as mj
    from mjstats import daer

    sec = Section("Da Er 大贰")
    st = daer.deal_study(ctx.deals, seed=ctx.seed, progress=ctx.progress)
    ctx.save(st.summary, "daer_summary", "Da Er dealt wins, exact beside Monte Carlo")
    ctx.save(st.patterns, "daer_patterns", "名堂 of the dealer's dealt winning hands")
    ctx.methods.append(f"Da Er: {ctx.deals:,} deals of daer-luzhou-mingtang (docs/rules/daer.md).")
    sec.text(f"{ctx.deals:,} deals (dealer 21 cards, two players 20), rules "
             f"daer-luzhou-mingtang, seed {ctx.seed}.")
    sec.table(st.summary, f"Da Er at the deal ({ctx.deals:,} deals): instant and dealt wins, "
                          f"Monte Carlo (95% interval) beside the exact value.")
    sec.image(ctx, mj.plot.plot_daer_patterns(st.patterns), "daer_patterns.png",
              "名堂 among the dealer's dealt winning hands")
    games = max(1, ctx.games // 4)
    comparison = mj.compare(list(DAER_RULES), games, seed=ctx.seed, records=False,
                            progress=ctx.progress)
    ctx.methods.append(f"Da Er whole hands: {games:,} hands of {', '.join(DAER_RULES)}, three "
                       f"'efficiency' bots, seed {ctx.seed} (docs/rules/daer.md).")
    sec.text(f"Whole hands, {games:,} per preset, three 'efficiency' bots. 普通 and 名堂 "
             f"differ only in scoring: one run, scored both ways, the same hands; 重庆 "
             f"must pong, so its hands are played from the same deals.")
    _paired(ctx, sec, comparison, "daer_compare", games)
    return sec


DAER_RULES = ("daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing")
"""The Da Er presets of the report's comparison; the first is the reference."""


COLUMNS = {
    "first_half": "the estimate over the first half of the chunks",
    "second_half": "the estimate over the second half of the chunks",
    "z_halves": "(second_half - first_half) / its standard error",
    "batches": "chunks the run was cut into",
    "se_ratio": "standard error from the spread of the chunk means / the interval's own "
                "(about 1 when hands are independent)",
    "chunk": "chunk number, in hand order",
    "same_hands": "every hand was won as under the first rule set",
    "shared_with": "the rule sets played in the same engine run",
    "run": "index of the engine run that played the rule set",
    "pairing": "how the rule set's hands pair with the first's (same hands, same deals, "
               "same seed, other walls)",
    "bot": "the bot in every seat (its policy: mjstats.sim.bots)",
    "step": "a step of the ladder, lower < upper: a duplicate match of the two bots",
    "deals": "deals of the match, each played under six seatings",
    "difference": "points per seat-hand of the upper bot minus the lower's, paired by deal",
    "win_rate_diff": "win rate per seat-hand, upper bot minus lower",
    "deal_in_diff": "deal-in rate per seat-hand, upper bot minus lower",
    "verdict": "holds (95% interval above 0), reversed (below 0) or not resolved",
    "ratio": "per_hand over the reference bot's (the first bot)",
    "ratio_lo": "lower end of the 95% interval of ratio (Katz's log method)",
    "ratio_hi": "upper end of the 95% interval of ratio (Katz's log method)",
    "category": "the metric's class (a shanten value, a wait shape, ...)",
    "cells": "cells of the distribution after merging those expected below 5",
    "chi2": "Pearson's chi-square of the counts against the exact distribution",
    "ci_high": "upper end of the 95% interval (Wilson for proportions, normal for means)",
    "ci_low": "lower end of the 95% interval (Wilson for proportions, normal for means)",
    "combine": "how the pattern's value combines with others (rule set's pattern table)",
    "count": "occurrences counted",
    "description": "what the metric is, in words",
    "dof": "degrees of freedom of the chi-square (cells - 1)",
    "en": "English name",
    "estimate": "Monte Carlo estimate (count / n)",
    "exact": "the exact value (combinatorics), where one exists",
    "exact_fraction": "the exact value as a fraction",
    "gap_bits": "log2_value - rarity_bits: positive when the pattern pays more than its "
                "rarity implies, relative to the plain win",
    "hands": "hands played; in a pattern table, the hands where some win holds the pattern",
    "log2_value": "log2 of the pattern's value",
    "mean": "sample mean",
    "metric": "what is measured",
    "n": "sample size (deals, hands or wins, as the metric says)",
    "name_en": "English name",
    "name_zh": "Chinese name",
    "pattern": "pattern key (rule set's pattern table)",
    "per_hand": "wins holding the pattern per hand played",
    "per_hand_hi": "upper end of the 95% Wilson interval of per_hand",
    "per_hand_lo": "lower end of the 95% Wilson interval of per_hand",
    "p_value": "P(chi-square >= chi2) if the estimates follow the exact distribution",
    "point_share": "win points of wins holding the pattern / all win points (a win with "
                   "two patterns counts for both: the column does not sum to 1)",
    "rarity_bits": "-log2 of the pattern's share of wins",
    "rarity_hi": "upper end of the 95% interval of rarity_bits (from the Wilson interval "
                 "of the share of wins)",
    "rarity_lo": "lower end of the 95% interval of rarity_bits (from the Wilson interval "
                 "of the share of wins)",
    "point_share_hi": "upper end of the 95% interval of point_share (delta method on the "
                      "per-hand sums)",
    "point_share_lo": "lower end of the 95% interval of point_share (delta method on the "
                      "per-hand sums)",
    "rules": "rule set (preset name)",
    "sd": "sample standard deviation",
    "share": "count / n",
    "share_hi": "upper end of the 95% Wilson interval of share_of_wins",
    "share_lo": "lower end of the 95% Wilson interval of share_of_wins",
    "share_of_wins": "wins holding the pattern / all wins",
    "stat": "name of an exact sum of the run",
    "tileset": "tile set (108 sichuan, 120 guangan, 136 liuzhou)",
    "unit": "the rule set's unit (倍, 颗, 分)",
    "value": "the value (the pattern's, in the rule set's unit; or the sum's)",
    "wins": "wins holding the pattern",
    "z": "(estimate - exact) / standard error",
    "zh": "Chinese name",
}
"""Every column of the report's data files, described once (the page's data dictionary)."""


SECTIONS: list[Callable[[Context], Section]] = [section_deals, section_games, section_skill,
                                                section_daer]
"""Report sections in page order."""

WARM_FAMILIES = ("ev", "engine", "daer", "deals")
"""The kernel families (:data:`mjstats._compiling.FAMILIES`) the sections use: the rest (the
odds solver, the hand, batch and scorer kernels) compile when first used, or with
``mjstats warmup``."""

_CSS = """body{font-family:'Noto Sans CJK SC','mjstats CJK',sans-serif;max-width:1100px;
margin:2em auto;padding:0 1em;color:#222}table.t{border-collapse:collapse;font-size:13px;
margin:1em 0}table.t td,table.t th{padding:2px 8px;border-bottom:1px solid #ddd;
text-align:right}figure{margin:1em 0}p.cap,figcaption{font-size:13px;color:#444}
img{max-width:100%}code{background:#f4f4f4;padding:1px 4px}"""


_CHECK_IMAGES = """<script>
// After loading, record how many images decoded, so that a headless browser can
// check the page (and a reader sees a warning if one is broken).
window.addEventListener('load', function () {
  var imgs = Array.from(document.images);
  var ok = imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;
  document.body.setAttribute('data-images', ok + '/' + imgs.length);
  if (ok < imgs.length) {
    var p = document.createElement('p');
    p.textContent = (imgs.length - ok) + ' image(s) failed to load';
    p.style.color = 'red';
    document.body.prepend(p);
  }
});
</script>"""


def _font_face(text: str) -> str:
    """@font-face embedding the CJK glyphs the page uses, so its Chinese is never boxes.

    The shipped Noto Sans CJK is cut down (fontTools) to the characters of
    ``text`` and embedded as a data URI (a few tens of kB): a browser cannot load
    a font file from a ``file://`` page, and the reader may have no CJK font.
    """
    chars = sorted({ch for ch in text if ord(ch) > 0x2E7F})
    if not chars:
        return ""
    try:
        import base64
        import io

        import cvttf_NotoSansCJK_Regular as shipped
        from fontTools import subset
        from fontTools.ttLib import TTFont

        font = TTFont(shipped.get_TTF_path())
        sub = subset.Subsetter(subset.Options())
        sub.populate(text="".join(chars))
        sub.subset(font)
        buf = io.BytesIO()
        font.save(buf)
    except (ImportError, FileNotFoundError, OSError):  # the reader's fonts will do
        return ""
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return ("@font-face{font-family:'mjstats CJK';"
            f"src:url(data:font/otf;base64,{data}) format('opentype')}}")


def _page(ctx: Context, sections: list[Section], seconds: float) -> str:
    """The page body: provenance, contents, methods, the sections and the data files.

    Tables and figures are numbered and captioned; the data files are listed with
    links (Parquet and CSV) and every column is described (:data:`COLUMNS`).
    """
    versions = ", ".join(f"{k} {v}" for k, v in _versions().items())
    command = html.escape(ctx.command or "write_report")
    body = [f"<h1>mjstats report</h1><p>Produced by <code>{command}</code> (seed {ctx.seed}) "
            f"in {seconds:.0f} s; {html.escape(versions)}.</p>"]
    heads = [("methods", "Methods 方法")] + [(s.anchor, s.title) for s in sections] + [
        ("data", "Data files and dictionary 数据")]
    body.append("<nav><h2>Contents</h2><ol>" + "".join(
        f'<li><a href="#{a}">{html.escape(t)}</a></li>' for a, t in heads) + "</ol></nav>")
    body.append('<h2 id="methods">Methods 方法</h2>')
    body.append("<p>Every figure comes from the command above on a fresh run: the seed "
                "fixes every number, whatever the threads. Proportions carry 95% Wilson "
                "intervals, means 95% normal intervals; a quantity exact by construction "
                "carries none. Values are in each rule set's own unit: 倍 (Sichuan, "
                "multiples of the base stake), 颗 (Guang'an), 分 (Liuzhou).</p><ul>"
                + "".join(f"<li>{html.escape(m)}</li>" for m in ctx.methods) + "</ul>")
    n_tab = n_fig = 0
    for s in sections:
        body.append(f'<h2 id="{s.anchor}">{html.escape(s.title)}</h2>')
        for kind, part, caption in s.parts:
            if kind == "table":
                n_tab += 1
                body.append(f"<p class='cap'>Table {n_tab}. {html.escape(caption)}</p>{part}")
            elif kind == "figure":
                n_fig += 1
                body.append(f"<figure>{part}<figcaption>Figure {n_fig}. "
                            f"{html.escape(caption)}</figcaption></figure>")
            else:
                body.append(part)
    body.append('<h2 id="data">Data files and dictionary 数据</h2><p>Every table behind '
                "the page, as Parquet and as CSV, beside this page:</p><ul>")
    for name, what, cols in ctx.files:
        body.append(f'<li><a href="{name}.parquet">{name}.parquet</a> '
                    f'(<a href="{name}.csv">CSV</a>): {html.escape(what)}; columns '
                    f"{html.escape(', '.join(cols))}</li>")
    body.append("</ul>")
    used = sorted({c for _, _, cols in ctx.files for c in cols})
    body.append("<table class='t'><tr><th>column</th><th>meaning</th></tr>" + "".join(
        f"<tr><td><code>{html.escape(c)}</code></td><td style='text-align:left'>"
        f"{html.escape(COLUMNS.get(c, ''))}</td></tr>" for c in used) + "</table>")
    return "\n".join(body)


def write_report(out: str | Path = "report", games: int = 200_000, deals: int | None = None,
                 seed: int = 1, progress: bool = True, command: str = "",
                 warmup: bool = False) -> Path:
    """Run every section and write ``out/index.html``; return its path.

    Parameters
    ----------
    out : path
        Output folder (created; not one holding a run).  Every file is written
        in a hidden folder inside it first and moved in once the whole report is
        done, ``index.html`` last: an interrupted report leaves the folder as it
        was.
    games : int
        Games per rule set for the game sections.
    deals : int, optional
        Deals per tile set (default ``20 * games``, at least 131,072).
    seed : int
        Seed of every study.
    progress : bool
        Progress bars on standard error.
    command : str
        The command shown on the page.
    warmup : bool
        Compile the kernel families the report uses (:data:`WARM_FAMILIES`) first,
        in parallel processes on all cores (:func:`mjstats.warmup.warmup`; one
        line per family on standard error with ``progress``), so that the
        studies start at once (``mjstats report`` does).
    """
    games = count(games, "games", minimum=1)
    deals = count(deals, "deals", minimum=1, default=max(20 * games, 131_072))
    seed = count(seed, "seed")
    from mjstats.runfolder import report_folder, staged

    outp = report_folder(out)
    with staged(outp, "report") as stage:  # out/ gets the files only once all are written
        if warmup:  # inside: Ctrl-C while compiling says too that nothing was written
            import sys

            from mjstats.warmup import warmup as warm

            warm(WARM_FAMILIES, file=sys.stderr if progress else None, progress=progress)
        ctx = Context(games=games, deals=deals, seed=seed, out=stage, progress=progress,
                      command=command)
        t0 = time.perf_counter()
        ctx.started = {name: _start(ctx, name) for name in AHEAD}
        sections = [section(ctx) for section in SECTIONS]
        seconds = time.perf_counter() - t0
        content = _page(ctx, sections, seconds)
        page = (f"<!doctype html><html lang='zh'><head><meta charset='utf-8'>"
                f"<title>mjstats report</title><style>{_font_face(content)}{_CSS}</style>"
                f"</head><body>{content}{_CHECK_IMAGES}</body></html>")
        (stage / "index.html").write_text(page, encoding="utf-8")
    return outp / "index.html"
