"""One entry point per verb for both games: the rule set's type decides where it goes.

Mahjong rule sets (:class:`~mjstats.rules.RuleSet`: ``sichuan``,
``sichuan-app``, ``guangan``, ``liuzhou``) and Da Er rule sets
(:class:`~mjstats.daer.rules.DaErRules`: ``daer-luzhou``,
``daer-luzhou-mingtang``, ``daer-chongqing``) come from one registry
(:func:`mjstats.rules.rules`) and carry their ``game``; :func:`score`,
:func:`simulate`, :func:`compare`, :func:`match`, :func:`ladder`, :func:`deal_study` and
:func:`odds` resolve the rule set first and hand it to that game's implementation, never
looking at the name.
A keyword the game's implementation does not take is a
:class:`~mjstats.errors.RuleError` naming it and the rule set.
"""

from __future__ import annotations

import functools
import inspect

from mjstats._checks import count
from mjstats.rules import rules


def _resolve(rules_):
    """The rule set object for ``rules_`` (a name, a RuleSet, a DaErRules or a TileSet)."""
    from mjstats.tiles import TileSet

    return rules_ if isinstance(rules_, TileSet) else rules(rules_)


def _game(rules_) -> str:
    """``"mahjong"`` or ``"daer"``: the game of a rule set (a tile set is mahjong's)."""
    return getattr(_resolve(rules_), "game", "mahjong")


_RUN_ARGS = ("rules", "games", "bots", "seed")
"""The positional arguments every game's simulate and compare take."""
_SCORE_ARGS = ("hand", "melds", "win", "self_draw", "rules")
"""The arguments of every game's scorer that are not context keywords."""


@functools.cache
def _keywords(fn, skip=()) -> tuple[str, ...]:
    """The keyword arguments of ``fn`` other than ``skip`` (no ``**kwargs``)."""
    params = inspect.signature(fn).parameters
    return tuple(n for n in params
                 if n not in skip and params[n].kind != inspect.Parameter.VAR_KEYWORD)


def _check_keywords(verb: str, known: tuple[str, ...], rules_, given: dict,
                    what: str = "keywords") -> None:
    """Refuse a keyword of ``given`` that is not in ``known``, naming it and the rule set."""
    from mjstats.errors import RuleError

    if given.keys() <= _as_set(known):
        return
    bad = [k for k in given if k not in known]
    if bad:
        name = rules_ if isinstance(rules_, str) else getattr(rules_, "name", rules_)
        switches = [k for k in bad if k in _switch_names(rules_)]
        hint = (f"; {switches[0]} is a switch of the rule set: give "
                f"rules=mj.rules({name!r}, {switches[0]}=...)" if switches else "")
        raise RuleError(f"{verb}() under {name!r} takes no {', '.join(bad)}; its {what}: "
                        f"{', '.join(known)}{hint}")


@functools.cache
def _as_set(known: tuple[str, ...]) -> frozenset[str]:
    return frozenset(known)


def _switch_names(rules_) -> tuple[str, ...]:
    """The switches of the rule set ``rules_`` (none for a tile set or an unknown name)."""
    from mjstats.errors import MjStatsError

    try:
        r = _resolve(rules_)
    except MjStatsError:
        return ()
    return tuple(getattr(r, "switch_names", ()))


def context_keywords(rules) -> tuple[str, ...]:
    """The context keywords :func:`score` takes for ``rules`` (its family's scorer).

    Examples
    --------
    >>> context_keywords("daer-luzhou")
    ('dealer', 'heavenly', 'earthly', 'returning', 'last_card')
    >>> "robbing_kong" in context_keywords("sichuan")
    True
    """
    return _keywords(_scorer(rules), _SCORE_ARGS)


def _scorer(rules):
    if _game(rules) == "daer":
        from mjstats.daer.scoring import score as daer_score

        return daer_score
    from mjstats.scoring import score as mahjong_score

    return mahjong_score


def score(hand, melds=None, win=None, self_draw: bool | None = None, rules="sichuan",
          **context):
    """Score a finished hand under any rule set, mahjong or Da Er.

    The context keywords of each family are those of :func:`mjstats.scoring.score`
    and :func:`mjstats.daer.scoring.score` (:func:`context_keywords`); a keyword the
    family does not take is a :class:`~mjstats.errors.RuleError` naming it and the
    rule set.  ``self_draw`` left as ``None`` takes the family's default (mahjong: a
    discard win; Da Er: self-drawn); given, it must be a ``bool``, as every flag.

    Examples
    --------
    >>> score("123m345m789m234p66p", win="6p", rules="sichuan").total
    1
    >>> score("123m345m789m234p66p", win="6p", heavenly=True)
    Traceback (most recent call last):
    ...
    mjstats.errors.RuleError: score() under 'sichuan' takes no heavenly; its context keywords: ...
    """
    fn = _scorer(rules)
    _check_keywords("score", _keywords(fn, _SCORE_ARGS), rules, context, "context keywords")
    if self_draw is not None:
        context["self_draw"] = self_draw
    return fn(hand, melds, win=win, rules=rules, **context)


def simulate(rules="sichuan", games=None, bots=None, seed=None, **options):
    """Play whole hands under any rule set with bots; return the run's result.

    Mahjong rule sets go to :func:`mjstats.sim.simulate.simulate` (a
    :class:`~mjstats.sim.simulate.SimResult`), Da Er rule sets to
    :func:`mjstats.daer.simulate.simulate` (a
    :class:`~mjstats.daer.simulate.DaErSim`).  Both results name the same
    things alike: ``n_games``, ``bots``, ``seed``, ``stats`` (exact sums),
    ``hands`` and ``seats`` (rows, when kept), ``summary()`` and
    ``patterns()``; Da Er adds ``points()``, ``scorings()`` and
    ``distribution()``.  ``games`` and ``bots`` left as ``None`` take the game's
    defaults; ``options`` are the keywords of the game's function (``records``,
    ``out``, ``resume``, ``client``, ``progress``, ``chunk`` for both; ``log``,
    ``first_game`` for mahjong; ``slip``, ``chi_next_on_draw`` for Da Er).

    Examples
    --------
    >>> simulate("sichuan", 40, seed=1).n_games, simulate("daer-luzhou", 40, seed=1).n_games
    (40, 40)
    >>> simulate("sichuan", 40, seed=1, slip=0.1)
    Traceback (most recent call last):
    ...
    mjstats.errors.RuleError: simulate() under 'sichuan' takes no slip; its keywords: ...
    """
    r = _resolve(rules)
    if r.game == "daer":
        from mjstats.daer.simulate import simulate as fn
    else:
        from mjstats.sim.simulate import simulate as fn
    _check_keywords("simulate", _keywords(fn, _RUN_ARGS), rules, options)
    return fn(r, games, bots, seed, **options)


def compare(rules, games=None, bots=None, seed=None, **options):
    """Play several presets of one game on the same hands; results by preset label.

    Mahjong presets go to :func:`mjstats.sim.simulate.compare`, Da Er presets to
    :func:`mjstats.daer.simulate.compare`; both return a
    :class:`~mjstats.results.compare.Comparison`: the dict of each preset's
    result (``SimResult`` / ``DaErSim``, which name the same things alike), every
    result after the first carrying its paired differences with the first in
    its ``stats``, with ``runs`` (the presets played in one engine run),
    ``pairing`` (``"same hands"``, ``"same deals"`` or ``"same seed"`` for each
    preset after the first) and ``table()`` (headline figures with paired 95%
    intervals).  Da Er presets whose play is the same (``daer-luzhou`` and
    ``daer-luzhou-mingtang``) share one run, scored each way: the same hands,
    paired per hand; a preset whose play differs (``daer-chongqing``,
    must-pong) is played from the same seed on the same deals, paired per deal.
    Presets of the two games in one list are a :class:`~mjstats.errors.RuleError`.
    ``options`` are the keywords of the game's function (``records``, ``out``,
    ``resume``, ``client``, ``progress``, ``chunk`` for both; ``slip``,
    ``chi_next_on_draw`` for Da Er).

    Examples
    --------
    >>> sorted(compare(["sichuan", "sichuan-app"], 20, seed=3))
    ['sichuan', 'sichuan-app']
    >>> compare(["daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing"], 60, seed=3).runs
    (('daer-luzhou', 'daer-luzhou-mingtang'), ('daer-chongqing',))
    >>> compare(["sichuan", "daer-luzhou"], 20)
    Traceback (most recent call last):
    ...
    mjstats.errors.RuleError: compare plays presets of one game: mahjong (sichuan) and Da Er ...
    """
    from mjstats.errors import MjStatsError, RuleError

    if isinstance(rules, str) or not hasattr(rules, "__iter__"):
        raise MjStatsError(f"compare takes a list of rule sets (two or more presets), got "
                           f"{rules!r}")
    rs = [_resolve(x) for x in rules]
    if len(rs) < 2:
        raise MjStatsError(f"compare needs two or more presets (the first is the reference of "
                           f"the differences), got {len(rs)}: {[r.name for r in rs]}")
    by_game: dict[str, list[str]] = {}
    for r in rs:
        by_game.setdefault(r.game, []).append(r.name)
    if len(by_game) > 1:
        words = {"mahjong": "mahjong", "daer": "Da Er"}
        raise RuleError("compare plays presets of one game: " + " and ".join(
            f"{words.get(g, g)} ({', '.join(names)})" for g, names in by_game.items())
            + "; compare each game's presets apart")
    if rs and rs[0].game == "daer":
        from mjstats.daer.simulate import compare as fn
    else:
        from mjstats.sim.simulate import compare as fn
    _check_keywords("compare", _keywords(fn, _RUN_ARGS), rs[0] if rs else "none", options)
    return fn(rs, games, bots, seed, **options)


def match(rules="sichuan", games=None, bots=None, seed=None, **options):
    """A duplicate match of two bots under any rule set: the same deals, each bot in every seat.

    :func:`mjstats.study.match.match` (both games): every deal is played under
    the six seatings that split the seats evenly between the two bots (mahjong
    two and two, Da Er one and two both ways), on the same wall and the same
    random stream; the result's ``table()`` gives each bot's points per hand,
    win rate and deal-in rate and the paired difference *first minus second*
    with 95% intervals over deals.  ``options``: ``out``, ``resume``,
    ``client``, ``progress``, ``chunk``.

    Examples
    --------
    >>> match("sichuan", 32, bots=("value", "efficiency"), seed=1).seatings[:2]
    ('AABB', 'ABAB')
    >>> match("daer-luzhou", 32, bots=("value", "efficiency"), seed=1).seatings[:2]
    ('AAB', 'ABA')
    """
    from mjstats.study.match import match as fn

    _check_keywords("match", _keywords(fn, _RUN_ARGS), rules, options)
    return fn(_resolve(rules), games, bots, seed, **options)


def ladder(rules=None, games=None, seed=None, **options):
    """The ladder of each rule set's bots: every adjacent step a duplicate match, tabulated.

    :func:`mjstats.study.match.ladder`: ``rules`` one preset or a list (default
    the four mahjong presets), each with its game's order of bots
    (:data:`mjstats.study.match.LADDERS`, or ``bots=`` weakest first); the
    result's ``table()`` says for every step whether it holds, is reversed or is
    not resolved by its 95% interval.  ``options``: ``bots``, ``out``,
    ``resume``, ``client``, ``progress``.

    Examples
    --------
    >>> ladder("sichuan", 32, seed=1, bots=("random", "value")).table()["step"].tolist()
    ['random < value']
    """
    from mjstats.study.match import ladder as fn

    _check_keywords("ladder", _keywords(fn, ("rules", "games", "seed")), rules or "none",
                    options)
    return fn(rules, games, seed, **options)


def deal_study(rules="sichuan", deals=None, seed=None, **options):
    """Deal many times and tabulate the odds at the deal, under any rule set.

    Mahjong rule sets (or a tile set) go to
    :func:`mjstats.study.deal_study.deal_study` (a table of complete / ready /
    shanten / waits estimates with intervals beside the exact values); Da Er
    rule sets to :func:`mjstats.daer.deal.deal_study` (a
    :class:`~mjstats.daer.deal.DealStudy`: instant wins and the dealer's dealt
    wins).  ``deals`` left as ``None`` takes the game's default.

    Examples
    --------
    >>> int(deal_study("liuzhou", 1_000, seed=1, progress=False)["n"].iloc[0])
    1000
    >>> int(deal_study("daer-luzhou", 1_000, seed=1).summary["n"].iloc[0])
    1000
    """
    r = _resolve(rules)
    if _game(r) == "daer":
        from mjstats.daer.deal import deal_study as fn

        _check_keywords("deal_study", _keywords(fn, ("n_deals", "seed", "rules")), rules,
                        options)
        return fn(count(deals, "deals", minimum=1, default=100_000), seed, r, **options)
    from mjstats.study.deal_study import deal_study as fn

    _check_keywords("deal_study", _keywords(fn, ("rules", "deals", "seed")), rules, options)
    return fn(r, 1_000_000 if deals is None else deals, seed, **options)


@functools.cache
def _odds_keywords() -> tuple[str, ...]:
    """The keywords :func:`odds` takes beside the hand and the rules."""
    from mjstats.discard import odds as fn

    return _keywords(fn, ("hand", "rules")) + ("table", "table_bots", "table_player", "seed")


def odds(hand, rules=None, *, table: int = 0, table_bots: str = "efficiency",
         table_player: str = "efficiency", seed=None, **options):
    """Exact odds of every discard of a hand against the wall, and at a full table.

    The exact solo model is :func:`mjstats.discard.odds` (``options``: ``visible``,
    ``draws``, ``missing``, ``objective`` ...).  With ``table=N`` each candidate is
    also played forward ``N`` times at a full table in the game engine, on the
    same deals for every candidate (:func:`mjstats.study.discard_table.table_odds`:
    opponents ``table_bots``, the player ``table_player`` after the first
    discard — ``"exact"``: the exact policy solved here, with these options —
    deals from ``seed``); its P(win), payoff and paired difference join
    the table as ``table_*`` columns.  Mahjong rule sets only (Da Er is refused;
    the table model needs a rule set).

    Examples
    --------
    >>> r = odds("1112345678999m5p", "sichuan", missing="p", draws=3)
    >>> r.best(), int(r.table["shanten"].iloc[0])
    ('5p', 0)
    >>> r = odds("13456788999m289p", "sichuan", missing="s", draws=8, table=64, seed=1)
    >>> "table_d_payoff" in r.table
    True
    """
    from mjstats.discard import odds as fn
    from mjstats.errors import RuleError

    R = None if rules is None else _resolve(rules)
    if getattr(R, "game", "mahjong") == "daer":
        raise RuleError(
            f"odds covers the mahjong rule sets (sichuan, sichuan-app, guangan, liuzhou); "
            f"{R.name!r} is Da Er")
    _check_keywords("odds", _odds_keywords(), rules or "none", options)
    table = count(table, "table (deals per discard of the table model)", minimum=0)
    given = [f"{k}={v!r}" for k, v, unset in (("table_bots", table_bots, "efficiency"),
                                              ("table_player", table_player, "efficiency"),
                                              ("seed", seed, None))
             if v is not unset and not (isinstance(v, str) and v == unset)]
    if given and not table:
        from mjstats.errors import MjStatsError

        raise MjStatsError(f"{', '.join(given)}: the table model's, which plays only with "
                           f"table=N (deals per discard)")
    if table:  # every argument of the table model checked before the exact solve
        if rules is None:
            raise RuleError("the table model (table=N) plays a rule set: give rules=NAME")
        from mjstats.study.discard_table import check_table

        check_table(hand, rules, visible=options.get("visible"), melds=options.get("melds"),
                    draws=options.get("draws"), bots=table_bots, player=table_player,
                    rollouts=table)
    exact_player = table and table_player == "exact"
    exact = fn(hand, R, **(options | {"keep_policy": True} if exact_player else options))
    if not table:
        return exact
    from mjstats.study.discard_table import table_odds

    tm = table_odds(hand, rules, visible=options.get("visible"), melds=options.get("melds"),
                    draws=exact.info["T"], missing=options.get("missing"), bots=table_bots,
                    player=table_player, rollouts=table, seed=seed,
                    policies=exact.policies if exact_player else None)
    return exact.with_table_model(tm)
