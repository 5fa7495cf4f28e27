"""Rule sets as data, one module per region, and one registry by name for both games.

``mjstats.rules`` is also callable: ``mjstats.rules("guangan")`` is
:func:`rules`.  Mahjong rule sets (:class:`RuleSet`: ``sichuan``,
``sichuan-app``, ``guangan``, ``liuzhou``) are defined in this package; Da Er
rule sets (:class:`mjstats.daer.rules.DaErRules`: ``daer-luzhou``,
``daer-luzhou-mingtang``, ``daer-chongqing``) in :mod:`mjstats.daer.rules`.
Both carry ``game`` (``"mahjong"`` or ``"daer"``), on which every verb
dispatches.

Importing this package imports every region module, and each registers its presets
in :mod:`mjstats.rules.base`: the regions import the registry, never the reverse.

>>> from mjstats.rules import rules
>>> rules("guangan").unit, rules("liuzhou").chow
('颗', True)
>>> rules("daer-chongqing").game, rules("sichuan").game
('daer', 'mahjong')
"""

import sys
import types

from mjstats.errors import RuleError
from mjstats.rules import base as _base
from mjstats.rules.base import Family, KernelRules, PatternInfo, RuleSet, Switch
from mjstats.rules.guangan import GuanganPattern
from mjstats.rules.liuzhou import LiuzhouPattern
from mjstats.rules.sichuan import SichuanPattern


def _daer():
    import importlib

    return importlib.import_module("mjstats.daer.rules")


def rule_set_names() -> list[str]:
    """Every registered rule set: the mahjong ones, then Da Er's.

    Examples
    --------
    >>> rule_set_names()
    ['sichuan', 'sichuan-app', 'guangan', 'liuzhou', 'daer-luzhou', 'daer-luzhou-mingtang', \
'daer-chongqing']
    """
    return _base.rule_set_names() + list(_daer().RULESETS)


def rules(name="sichuan", **switches):
    """The rule set called ``name`` (mahjong or Da Er), with switches changed.

    Parameters
    ----------
    name : str, RuleSet or DaErRules
        A registered name (:func:`rule_set_names`), or a rule set (returned as
        is when no switch is given).
    **switches
        Switches to change; :func:`describe_rules` lists them with their
        defaults.  Every one is checked (name, type, range, tuple length): an
        unknown or bad one raises :class:`~mjstats.errors.RuleError` naming it
        and what it takes.

    Returns
    -------
    RuleSet or DaErRules

    Examples
    --------
    >>> rules("sichuan", cap=16).switches["cap"]
    16
    >>> rules("daer-luzhou", min_hu=12).min_hu
    12
    >>> rules("mahjong")
    Traceback (most recent call last):
    ...
    mjstats.errors.RuleError: unknown rule set 'mahjong'; valid names: sichuan, ...
    """
    daer = _daer()
    if isinstance(name, RuleSet):
        return _base.rules(name, **switches)
    if isinstance(name, daer.DaErRules):
        return name.with_switches(**switches) if switches else name
    key = str(name).lower().replace("_", "-")
    if key in daer.RULESETS:
        r = daer.rules(key)
        return r.with_switches(**switches) if switches else r
    if key not in _base.rule_set_names():
        raise RuleError(f"unknown rule set {name!r}; valid names: "
                        f"{', '.join(rule_set_names())}")
    return _base.rules(key, **switches)


def describe_rules(name=None):
    """Rule sets (one, or all of both games) and their switches as a ``pandas.DataFrame``.

    Columns: ``rule_set``, ``switch``, ``default`` (the preset's value), ``value``
    (the value in force: a rule set given with switches changed shows them),
    ``choices``, ``doc``.

    Examples
    --------
    >>> d = describe_rules()
    >>> d["rule_set"].unique().tolist() == rule_set_names()
    True
    >>> d.query("rule_set == 'sichuan' and switch == 'cap'")["default"].item()
    8
    >>> describe_rules("daer-chongqing").set_index("switch").loc["must_pong", "default"]
    True
    >>> for r in (rules("sichuan", cap=16), rules("daer-luzhou", min_hu=12)):
    ...     d = describe_rules(r).set_index("switch")
    ...     name = "cap" if r.game == "mahjong" else "min_hu"
    ...     print(r.name, d.loc[name, "default"], d.loc[name, "value"])
    sichuan 8 16
    daer-luzhou 10 12
    """
    import pandas as pd

    if name is not None:
        r = rules(name)
        if r.game == "daer":
            return _daer().describe_switches(r)
        return _base.describe_rules(r)
    return pd.concat([_base.describe_rules(), *(_daer().describe_switches(n)
                                               for n in _daer().RULESETS)],
                     ignore_index=True)


class _CallableModule(types.ModuleType):
    """``mjstats.rules`` itself: a module that is also :func:`rules`."""

    def __call__(self, name="sichuan", **switches):
        return rules(name, **switches)


sys.modules[__name__].__class__ = _CallableModule

__all__ = [
    "Family",
    "GuanganPattern",
    "KernelRules",
    "LiuzhouPattern",
    "PatternInfo",
    "RuleSet",
    "SichuanPattern",
    "Switch",
    "describe_rules",
    "rule_set_names",
    "rules",
]
