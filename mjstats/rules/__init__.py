"""Regional rule sets as data, one module per region, and a registry by name.

Importing this package imports every region module, and each registers its presets
in :mod:`mjstats.rules.base`: the regions import the registry, never the reverse.

>>> from mjstats.rules import rules
>>> rules("guangan").unit, rules("liuzhou").chow
('颗', True)
"""

from mjstats.rules.base import (
    Family,
    KernelRules,
    PatternInfo,
    RuleSet,
    Switch,
    describe_rules,
    rule_set_names,
    rules,
)
from mjstats.rules.guangan import GuanganPattern
from mjstats.rules.liuzhou import LiuzhouPattern
from mjstats.rules.sichuan import SichuanPattern

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
