"""The result of a discard analysis: per-candidate tables and a printed summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from mjstats._format import signed, table_text
from mjstats.tiles.tilesets import SUIT_NAMES_ZH, SUITS


@dataclass(frozen=True)
class Odds:
    """The exact odds of each discard candidate.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per discard (and per missing suit when several are evaluated), best
        first by the objective: ``discard`` (and ``discard_zh``), ``missing``,
        ``shanten`` after the discard, ``jinzhang`` (kinds that lower shanten, with
        their live copies) and ``jinzhang_live``, ``waits``/``wait_live`` when
        ready, ``p_ready`` and ``p_win`` by the last draw, ``ev`` (expected value
        in the rule set's unit, 0 without a win), ``value_dist`` (P(win worth v))
        and ``top_patterns`` (the three likeliest patterns given a win, those in every
        win of every candidate, such as 自摸, last); with the table model also
        ``table_p_win``, ``table_payoff``, ``table_d_payoff`` (paired, against
        the best candidate at the table) and their interval bounds.
    curves : pandas.DataFrame
        Tidy, one row per candidate and draw ``t = 1..T``: ``p_ready``, ``p_win``
        and ``ev`` by draw ``t`` under the policy chosen for all ``T`` draws.
    turn_curves : pandas.DataFrame
        The recursion's own values, one row per candidate and turn ``u = 0..T-1``:
        the objective's optimum with ``T - u`` draws left and ``S - u`` tiles unseen
        (the curve the published calculators print).
    values : pandas.DataFrame
        Long form of the winning-value distribution: ``discard``, ``missing``,
        ``value``, ``p``.
    patterns : pandas.DataFrame
        ``discard``, ``missing``, ``pattern`` (zh), ``en``, ``p`` (probability of a
        win holding it), ``p_given_win``.
    info : dict
        ``S`` (unseen tiles at the first draw), ``T`` (draws), ``objective`` and
        ``ranked_by`` (the table column it ranks by),
        ``model``, ``improve``, ``extra``, ``states`` (hands searched, per missing
        suit: one per class of hands that differ only by honors with as many
        copies unseen and as many in the input, where no value tells them
        apart, no honor is melded and no policy is kept), ``rules``,
        ``skipped`` (missing suits of ``"choose"`` whose search passed ``max_states``),
        ``fallback`` (missing suits, ``"-"`` for none, solved in the fast mode because
        the improving search passed ``max_states``).
    """

    pieces: list = field(repr=False)
    info: dict = field(default_factory=dict)
    rules: object = None
    table_model: object = field(default=None, repr=False)
    """The paired full-table Monte Carlo (:func:`mjstats.study.discard_table.table_odds`),
    when asked for: its columns join :attr:`table` prefixed ``table_``."""

    def with_table_model(self, tm) -> Odds:
        """The same odds with the table model's rows joined (see :attr:`table_model`)."""
        return Odds(self.pieces, self.info, self.rules, tm)

    # each frame is built on first use: the solver's arrays are cheap, DataFrames are not
    @cached_property
    def table(self):
        """One row per discard candidate, best first (see the class docstring)."""
        from mjstats.discard import tables

        t = tables.table(self.pieces, self.info, self.rules)
        if self.table_model is not None:
            t = tables.join_table_model(t, self.table_model)
        return t

    @cached_property
    def curves(self):
        """P(ready), P(win) and E[value] by draw ``t``, one row per candidate and draw."""
        from mjstats.discard import tables

        return tables.curves(self.pieces)

    @cached_property
    def turn_curves(self):
        """The recursion's values by turn ``u`` (the published calculators' curve)."""
        from mjstats.discard import tables

        return tables.turn_curves(self.pieces)

    @cached_property
    def values(self):
        """The winning-value distribution, long form."""
        from mjstats.discard import tables

        return tables.values(self.pieces)

    @cached_property
    def patterns(self):
        """How often each pattern is part of the win."""
        from mjstats.discard import tables

        return tables.patterns(self.pieces, self.rules)

    @property
    def policies(self) -> dict:
        """The exact policy of each missing suit solved (``"-"`` for none).

        In the form the game engine follows (:class:`~mjstats.discard.solo.Policy`);
        only with ``keep_policy=True``.
        """
        return {("-" if p["miss"] < 0 else SUITS[p["miss"]]): p["policy"]
                for p in self.pieces if "policy" in p}

    def best(self) -> str:
        """The best discard (the first row's tile)."""
        return str(self.table["discard"].iloc[0])

    def __str__(self) -> str:
        return format_odds(self)

    def _repr_html_(self) -> str:  # pragma: no cover - notebooks
        return self.table._repr_html_()


def format_odds(r, rows: int | None = None) -> str:
    """The odds as text: a header, then one line per discard (Chinese and English names)."""
    info = r.info
    head = (
        f"rules {info['rules'] or 'none (' + info['tileset'] + ')'}  |  unseen S = {info['S']}  |  "
        f"draws T = {info['T']}  |  objective {info['objective']}  |  "
        f"{'improving (extra ' + str(info['extra']) + ')' if info['improve'] else 'fast mode'}"
        f"  |  model {info['model']}"
    )
    t = r.table if rows is None else r.table.head(rows)
    cols = ["discard", "discard_zh"]
    if "missing" in t:
        cols.append("missing")
    cols += ["shanten", "jinzhang_kinds", "jinzhang_live", "p_ready", "p_win", "ev"]
    table_model = "table_p_win" in t
    if table_model:
        cols += ["table_p_win", "table_payoff", "table_d_payoff"]
    cols.append("top_patterns")
    out = t[cols].copy()
    if table_model:
        out["table_d_payoff"] = [
            f"{signed(d)} [{signed(lo)}, {signed(hi)}]" for d, lo, hi in
            zip(t["table_d_payoff"], t["table_d_payoff_lo"], t["table_d_payoff_hi"],
                strict=True)]
    if "missing" in out:
        out["missing"] = [f"{m} {SUIT_NAMES_ZH[SUITS.index(m)]}" if m else "-"
                          for m in out["missing"]]
    out = out.rename(columns={
        "discard": "打 discard", "discard_zh": "", "missing": "缺 missing",
        "shanten": "向听 shanten", "jinzhang_kinds": "进张 kinds", "jinzhang_live": "live",
        "p_ready": "P(听 ready)", "p_win": "P(胡 win)", "ev": "E[value]",
        "top_patterns": "likely patterns 番型 | win",
        "table_p_win": "table P(win)", "table_payoff": "table payoff",
        "table_d_payoff": "vs best, paired (95%)",
    })
    body = table_text(out)
    for suit, why in info.get("fallback", {}).items():
        head += ("\n" if suit == "-" else f"\n缺 {suit} {SUIT_NAMES_ZH[SUITS.index(suit)]}: ") + why
    for suit, why in info.get("skipped", {}).items():
        head += f"\n缺 {suit} {SUIT_NAMES_ZH[SUITS.index(suit)]}: {why}"
    if table_model:
        a = r.table_model.attrs
        head += (f"\ntable model: {a['rollouts']:,} deals per discard (the same for each), "
                 f"opponents {a['bots']}, the player {a['player']} after this discard, "
                 f"payoff in {getattr(r.rules, 'unit', '')}")
    return head + "\n" + body
