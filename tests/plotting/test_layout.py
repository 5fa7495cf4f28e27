"""Every chart can be read: no two texts overlap, none is cut off, each Axes has both labels,
no glyph is missing; and after ``mj.plot.setup()`` plain matplotlib and pandas draw Chinese.

Each chart is drawn from real, small results (the four mahjong rule sets, the
three tile sets, a Da Er deal study, a discard analysis) and checked after one
``fig.canvas.draw()``, as ``savefig`` of a fresh figure draws it
(:mod:`tests.plotting.layout`).
"""

import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import mjstats as mj  # noqa: E402
from mjstats import plotting as P  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from layout import problems  # noqa: E402

RULES = ("sichuan", "sichuan-app", "guangan", "liuzhou")
GLYPH = ("missing from", "Glyph")


@pytest.fixture(scope="module")
def games():
    from mjstats.sim.simulate import simulate

    return {r: simulate(r, games=1200, seed=4, chunk=512) for r in RULES}


@pytest.fixture(scope="module")
def deals():
    from mjstats.study.deal_study import deal_study

    return pd.concat([deal_study(t, deals=131_072, seed=3, progress=False)
                      for t in ("sichuan", "guangan", "liuzhou")], ignore_index=True)


@pytest.fixture(scope="module")
def daer_study():
    from mjstats import daer

    return daer.deal_study(60_000, seed=2)


@pytest.fixture(scope="module")
def hand_odds():
    from mjstats.discard import odds

    hand = "13456788999m289p"
    return {"value": odds(hand, "sichuan", missing="s", draws=5, objective="value"),
            "choose": odds(hand, "sichuan", missing="choose", draws=3)}


@pytest.fixture(scope="module")
def skill(games):
    from mjstats.results.games import skill_table
    from mjstats.sim.simulate import simulate

    return {r: skill_table({"efficiency": games[r],
                            "value": simulate(r, games=1200, seed=4, bots="value")})
            for r in ("sichuan", "guangan")}


def _tables(games, name):
    return {k: getattr(r, name)() for k, r in games.items()}


CHARTS = {
    "plot_pattern_frequency": lambda f: P.plot_pattern_frequency(_tables(f["games"], "patterns")),
    "plot_pattern_frequency/one": lambda f: P.plot_pattern_frequency(
        f["games"]["guangan"].patterns(), per="share_of_wins"),
    "plot_fan_vs_rarity": lambda f: P.plot_fan_vs_rarity(_tables(f["games"], "balance")),
    "plot_point_share": lambda f: P.plot_point_share(_tables(f["games"], "balance")),
    "plot_payoff": lambda f: P.plot_payoff(_tables(f["games"], "payoff")),
    "plot_wait_width": lambda f: P.plot_wait_width(_tables(f["games"], "waits")),
    "plot_wait_width/live": lambda f: P.plot_wait_width(_tables(f["games"], "waits"),
                                                        metric="wait_live"),
    "plot_wait_shapes": lambda f: P.plot_wait_shapes(_tables(f["games"], "waits")),
    "plot_win_turns": lambda f: P.plot_win_turns(_tables(f["games"], "turns")),
    "plot_game_convergence": lambda f: P.plot_game_convergence(_tables(f["games"], "convergence")),
    "plot_game_convergence/one": lambda f: P.plot_game_convergence(
        f["games"]["guangan"].convergence(), metric="draw rate"),
    "plot_deal_odds": lambda f: P.plot_deal_odds(f["deals"]),
    "plot_shanten": lambda f: P.plot_shanten(f["deals"], n_tiles=13, form="any"),
    "plot_convergence": lambda f: P.plot_convergence(
        np.random.default_rng(0).binomial(np.full(40, 5_000), 0.01), np.full(40, 5_000),
        exact=0.01, title=P.bilingual("天胡的估计", "an estimate closing in")),
    "plot_skill": lambda f: P.plot_skill(f["skill"]),
    "plot_skill_shift": lambda f: P.plot_skill_shift(f["skill"], bot="value"),
    "plot_daer_patterns": lambda f: P.plot_daer_patterns(f["daer"].patterns),
    "plot_daer_hu": lambda f: P.plot_daer_hu(f["daer"].hu),
    "plot_odds": lambda f: P.plot_odds(f["odds"]["value"], top=4),
    "plot_odds/many": lambda f: P.plot_odds(f["odds"]["choose"], top=None, what="p_ready"),
    "plot_odds_values": lambda f: P.plot_odds_values(f["odds"]["value"], top=2),
}


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def test_every_chart_function_is_checked():
    names = {n for n in P.__all__ if n.startswith("plot_")}
    assert names == {k.split("/")[0] for k in CHARTS}


@pytest.mark.parametrize("name", list(CHARTS))
def test_chart_reads_cleanly(name, games, deals, daer_study, hand_odds, skill):
    fixtures = {"games": games, "deals": deals, "daer": daer_study, "odds": hand_odds,
                "skill": skill}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig = CHARTS[name](fixtures).figure
        found = problems(fig)
    assert found == {"overlaps": [], "outside": [], "unlabelled": []}, name
    bad = [str(w.message) for w in caught if any(g in str(w.message) for g in GLYPH)]
    assert not bad, bad[:3]
    layout = [str(w.message) for w in caught if "layout" in str(w.message)]
    assert not layout, layout[:1]


def test_pattern_names_are_bilingual_and_rare_ones_marked(games):
    fig = P.plot_fan_vs_rarity(_tables(games, "balance"))
    ax = fig.axes[0]
    b = games["sichuan"].balance()
    labels = [t.get_text().replace("\n", " ") for t in ax.get_yticklabels()]
    for _, row in b.iterrows():
        assert f"{row['zh']} {row['en']}" in labels
    grey = {t.get_text().replace("\n", " ") for t in ax.get_yticklabels()
            if t.get_color() != "black"}
    few = b[b["wins"] < 5]
    assert len(few) and grey == {f"{z} {e}" for z, e in zip(few["zh"], few["en"], strict=True)}
    # nothing at infinity: every mark of every panel is finite
    for a in fig.axes:
        for line in a.get_lines():
            assert np.isfinite(np.asarray(line.get_xdata(), dtype=float)).all()
    # the units: one per panel
    for a, unit in zip(fig.axes, ("倍", "倍", "颗", "分"), strict=True):
        assert f"log2 {unit} " in a.get_xlabel()


def test_identical_outcomes_are_one_series_named_for_both(games):
    ax = P.plot_win_turns(_tables(games, "turns"))
    texts = [t.get_text() for t in ax.figure.legends[0].get_texts()]
    assert len(ax.get_lines()) == 3 and texts[0].startswith("sichuan = sichuan-app")
    # different outcomes stay apart
    ax = P.plot_win_turns({k: _tables(games, "turns")[k] for k in ("sichuan", "guangan")})
    assert len(ax.get_lines()) == 2


def test_the_checks_find_what_they_look_for():
    fig, (a, b) = plt.subplots(1, 2, figsize=(6, 4))
    a.set_xlabel("x")
    a.set_ylabel("y")
    a.text(0.5, 0.5, "one")
    a.text(0.5, 0.5, "two")
    a.text(3.0, 0.5, "far away", transform=a.transAxes)
    found = problems(fig)
    assert found["overlaps"] == [("one", "two")]
    assert found["outside"] == ["far away"]
    assert len(found["unlabelled"]) == 1  # b has no labels


_DRAW = textwrap.dedent("""
    import warnings
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import pandas as pd
    # a baseline without CJK glyphs on any machine: DejaVu Sans, shipped with matplotlib
    matplotlib.rcParams["font.family"] = ["sans-serif"]
    matplotlib.rcParams["font.sans-serif"] = ["DejaVu Sans"]
    {setup}
    fig = plt.figure()
    plt.text(0, 0, "清一色")
    pd.Series([3, 1], index=["坎倒板", "贰柒拾"]).plot.barh(ax=fig.add_subplot(212))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        fig.canvas.draw()
    print(sum("missing from" in str(x.message) for x in w))
""")


def _missing_glyphs(setup: str) -> int:
    out = subprocess.run([sys.executable, "-c", _DRAW.format(setup=setup)], capture_output=True,
                         text=True, check=True, cwd=Path(__file__).parents[2])
    return int(out.stdout.split()[-1])


def test_setup_makes_plain_matplotlib_and_pandas_draw_chinese():
    assert _missing_glyphs("") > 0  # DejaVu Sans alone lacks them
    assert _missing_glyphs("import mjstats as mj\nassert mj.plot.setup()") == 0


def test_setup_is_idempotent_and_survives_a_reset():
    assert P.setup() and P.setup()
    fam = list(plt.rcParams["font.family"])
    assert fam.count(P.cjk_font()) == 1
    with plt.rc_context():
        matplotlib.rcdefaults()
        assert P.cjk_font() not in plt.rcParams["font.family"]
        P.setup()
        assert plt.rcParams["font.sans-serif"][0] == P.cjk_font()
    assert mj.plot.setup is P.setup
