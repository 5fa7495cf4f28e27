"""``mjstats report``: one command, a folder with ``index.html``, charts and the data.

The report runs the studies on the embedded defaults (sizes scale with
``--games``), writes every table as Parquet beside the page, draws the charts
as PNG and records the exact command, seed and versions that produced it.
Sections are small functions ``section(ctx) -> Section``, one per study.
"""

from __future__ import annotations

import html
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from mjstats._checks import count

TILESETS = ("sichuan", "guangan", "liuzhou")


@dataclass
class Context:
    """What every section gets: sizes, seed, the output folder and a progress switch."""

    games: int
    deals: int
    seed: int
    out: Path
    progress: bool = True
    command: str = ""


@dataclass
class Section:
    """A block of the report: a title, HTML paragraphs/tables, and images in ``out``."""

    title: str
    parts: list[str] = field(default_factory=list)

    def text(self, s: str) -> None:
        """Add a paragraph (escaped)."""
        self.parts.append(f"<p>{html.escape(s)}</p>")

    def table(self, df: pd.DataFrame, floatfmt: str = "{:.4g}") -> None:
        """Add a table."""
        self.parts.append(df.to_html(index=False, float_format=floatfmt.format, border=0,
                                     classes="t", na_rep=""))

    def image(self, ctx: Context, ax, name: str, alt: str) -> None:
        """Save the Axes' figure as ``name`` in the report folder and show it."""
        path = ctx.out / name
        ax.figure.savefig(path, dpi=100)
        import matplotlib.pyplot as plt

        plt.close(ax.figure)
        self.parts.append(f'<figure><img src="{html.escape(name)}" alt="{html.escape(alt)}">'
                          f"<figcaption>{html.escape(alt)}</figcaption></figure>")


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
    df = pd.concat([mj.deal_study(t, deals=ctx.deals, seed=ctx.seed, progress=ctx.progress)
                    for t in TILESETS], ignore_index=True)
    df.to_parquet(ctx.out / "deal_study.parquet", index=False)
    sec.text(f"{ctx.deals:,} random deals per tile set (dealer 14 tiles; the 13-tile hand is "
             f"its first 13), seed {ctx.seed}. Every Monte Carlo figure has a 95% Wilson "
             f"interval; 'exact' comes from mjstats.exact (combinatorics), z is the "
             f"estimate's distance to it in standard errors.")
    key = df["metric"].isin(["complete_14", "complete_14_two_suits", "ready_13"])
    sec.table(df.loc[key, ["tileset", "metric", "category", "count", "n", "estimate",
                           "ci_low", "ci_high", "exact", "z"]])
    sec.image(ctx, mj.plot.plot_deal_odds(df), "deal_odds.png",
              "P(complete at deal) and P(ready at deal) by region, 95% intervals")
    sec.image(ctx, mj.plot.plot_shanten(df, n_tiles=13, form="any"), "shanten_13.png",
              "starting shanten (13 tiles, min over standard and seven pairs); "
              "black ticks: exact values")
    shapes = df[df["metric"] == "wait_shape"]
    sec.table(shapes[["tileset", "category", "count", "n", "estimate", "ci_low", "ci_high"]])
    return sec


GAME_RULES = ("sichuan", "sichuan-app", "guangan", "liuzhou")


def section_games(ctx: Context) -> Section:
    """Whole hands under each rule set: patterns, value, waits, turns, payoffs, balance."""
    import mjstats as mj
    from mjstats.sim.simulate import simulate

    sec = Section("Whole games 对局模拟")
    results = {}
    skipped = []
    for rules in GAME_RULES:
        try:
            results[rules] = simulate(rules, games=ctx.games, seed=ctx.seed, records=False,
                                      progress=ctx.progress)
        except mj.MjStatsError as e:  # a rule set the engine does not play yet
            skipped.append(f"{rules}: {e}")
    sec.text(f"{ctx.games:,} hands per rule set, four 'efficiency' bots, seed {ctx.seed}. "
             f"Intervals are 95% (Wilson for proportions, normal for means).")
    for note in skipped:
        sec.text(f"Not simulated: {note}")
    for rules, r in results.items():
        r.stats.to_frame().to_parquet(ctx.out / f"game_stats_{rules}.parquet", index=False)
    outcomes = pd.concat([r.outcomes().assign(rules=k) for k, r in results.items()])
    sec.table(outcomes[["rules"] + [c for c in outcomes.columns if c != "rules"]])
    fan = pd.concat([r.fan().assign(rules=k) for k, r in results.items()])
    sec.table(fan[["rules"] + [c for c in fan.columns if c != "rules"]])
    pats = {k: r.patterns() for k, r in results.items()}
    bal = {k: r.balance() for k, r in results.items()}
    outcomes.to_parquet(ctx.out / "game_outcomes.parquet", index=False)
    fan.to_parquet(ctx.out / "game_values.parquet", index=False)
    pd.concat([t.assign(rules=k) for k, t in pats.items()]).to_parquet(
        ctx.out / "game_patterns.parquet", index=False)
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
        b.assign(rules=k).to_parquet(ctx.out / f"balance_{k}.parquet", index=False)
    return sec


def section_daer(ctx: Context) -> Section:
    """Da Er: dealt wins (exact beside Monte Carlo), 胡 and 名堂 of dealt winning hands."""
    import mjstats as mj
    from mjstats import daer

    sec = Section("Da Er 大贰")
    st = daer.deal_study(ctx.deals, seed=ctx.seed)
    st.summary.to_parquet(ctx.out / "daer_summary.parquet", index=False)
    st.patterns.to_parquet(ctx.out / "daer_patterns.parquet", index=False)
    sec.text(f"{ctx.deals:,} deals (dealer 21 cards, two players 20), rules "
             f"daer-luzhou-mingtang, seed {ctx.seed}.")
    sec.table(st.summary)
    sec.image(ctx, mj.plot.plot_daer_patterns(st.patterns), "daer_patterns.png",
              "名堂 among the dealer's dealt winning hands")
    return sec


SECTIONS: list[Callable[[Context], Section]] = [section_deals, section_games, section_daer]
"""Report sections in page order."""

_CSS = """body{font-family:'Noto Sans CJK SC','mjstats CJK',sans-serif;max-width:1100px;
margin:2em auto;padding:0 1em;color:#222}table.t{border-collapse:collapse;font-size:13px;
margin:1em 0}table.t td,table.t th{padding:2px 8px;border-bottom:1px solid #ddd;
text-align:right}figure{margin:1em 0}img{max-width:100%}code{background:#f4f4f4;padding:1px 4px}"""


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


def write_report(out: str | Path = "report", games: int = 200_000, deals: int | None = None,
                 seed: int = 1, progress: bool = True, command: str = "",
                 warmup: bool = False) -> Path:
    """Run every section and write ``out/index.html``; return its path.

    Parameters
    ----------
    out : path
        Output folder (created).
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
        Compile every kernel family first, in parallel processes on all cores
        (:func:`mjstats.warmup.warmup`; one line per family on standard error
        with ``progress``), so that the studies start at once (``mjstats
        report`` does).
    """
    games = count(games, "games", minimum=1)
    deals = count(deals, "deals", minimum=1, default=max(20 * games, 131_072))
    seed = count(seed, "seed")
    from mjstats.runfolder import writable_folder

    outp = writable_folder(out, "report folder")
    if warmup:
        import sys

        from mjstats.warmup import warmup as warm

        warm(file=sys.stderr if progress else None, progress=progress)
    ctx = Context(games=games, deals=deals, seed=seed, out=outp, progress=progress,
                  command=command)
    t0 = time.perf_counter()
    sections = [section(ctx) for section in SECTIONS]
    seconds = time.perf_counter() - t0
    versions = ", ".join(f"{k} {v}" for k, v in _versions().items())
    body = [f"<h1>mjstats report</h1><p>Produced by <code>{html.escape(command or 'write_report')}"
            f"</code> (seed {ctx.seed}) in {seconds:.0f} s; {html.escape(versions)}. "
            f"The data behind every table is in the Parquet files beside this page.</p>"]
    for s in sections:
        body.append(f"<h2>{html.escape(s.title)}</h2>")
        body.extend(s.parts)
    content = "\n".join(body)
    page = (f"<!doctype html><html lang='zh'><head><meta charset='utf-8'>"
            f"<title>mjstats report</title><style>{_font_face(content)}{_CSS}</style></head>"
            f"<body>{content}{_CHECK_IMAGES}</body></html>")
    index = outp / "index.html"
    index.write_text(page, encoding="utf-8")
    return index
