"""Entry points that span the rule families: one ``score`` and one ``rules`` for all.

Mahjong rule sets (``sichuan``, ``sichuan-app``, ``guangan``, ``liuzhou``) live in
:mod:`mjstats.rules` and :mod:`mjstats.scoring`; Da Er rule sets (names starting
with ``daer``) in :mod:`mjstats.daer`.  These two functions look at the name
and hand over, so users write ``mj.score(..., rules="daer-luzhou")`` and
``mj.score(..., rules="guangan")`` alike.
"""

from __future__ import annotations


def _is_daer(rules) -> bool:
    if isinstance(rules, str):
        return rules.lower().startswith("daer")
    return type(rules).__module__.startswith("mjstats.daer")


def rules(name="sichuan", **switches):
    """The rule set called ``name``, with switches changed (mahjong or Da Er).

    Every switch is checked (name, type, range, tuple length): an unknown or bad
    one raises :class:`~mjstats.errors.RuleError` naming it and what it takes
    (:func:`mjstats.rules.describe_rules`, :func:`mjstats.daer.rules.describe_switches`).

    Examples
    --------
    >>> rules("sichuan", cap=16).name
    'sichuan'
    >>> rules("daer-chongqing").name
    'daer-chongqing'
    """
    if _is_daer(name):
        from mjstats.daer.rules import rules as daer_rules

        r = daer_rules(name)
        return r.with_switches(**switches) if switches else r
    from mjstats.rules import rules as mahjong_rules

    return mahjong_rules(name, **switches)


def context_keywords(rules) -> tuple[str, ...]:
    """The context keywords :func:`score` takes for ``rules`` (its family's scorer).

    Examples
    --------
    >>> context_keywords("daer-luzhou")
    ('dealer', 'heavenly', 'earthly', 'returning', 'last_card')
    >>> "robbing_kong" in context_keywords("sichuan")
    True
    """
    import inspect

    fn = _scorer(rules)
    skip = {"hand", "melds", "win", "self_draw", "rules"}
    return tuple(n for n in inspect.signature(fn).parameters if n not in skip)


def _scorer(rules):
    if _is_daer(rules):
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
    from mjstats.errors import RuleError

    known = context_keywords(rules)
    bad = [k for k in context if k not in known]
    if bad:
        name = rules if isinstance(rules, str) else getattr(rules, "name", rules)
        raise RuleError(
            f"score() under {name!r} takes no {', '.join(bad)}; its context keywords: "
            f"{', '.join(known)}"
        )
    if self_draw is not None:
        context["self_draw"] = self_draw
    return _scorer(rules)(hand, melds, win=win, rules=rules, **context)
