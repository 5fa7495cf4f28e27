"""mjstats: statistics for regional Chinese mahjong and Da Er.

``mj.rules`` is the rule-set registry of both games; the subpackage is callable
(``mj.rules("sichuan", cap=16)``) and holds the types (``mj.rules.RuleSet``).

>>> import mjstats as mj
>>> h = mj.parse("123m456p789s1122z")
>>> mj.format(h), mj.shanten(h), mj.waits(h)
('123m456p789s1122z', 0, {'1z': 2, '2z': 2})
"""

from mjstats import rules
from mjstats._version import __version__
from mjstats.core import (
    Meld,
    MeldType,
    Reading,
    WaitShape,
    decompositions,
    is_complete,
    is_complete_many,
    shanten,
    shanten_many,
    wait_shape_bits,
    wait_shapes,
    wait_shapes_many,
    wait_width,
    wait_width_many,
    waits,
    waits_many,
)
from mjstats.errors import HandError, MjStatsError, NotationError, RuleError
from mjstats.rules import describe_rules, rule_set_names
from mjstats.tiles import (
    TILESETS,
    TileSet,
    format,
    kind_glyph,
    kind_name,
    kind_name_zh,
    parse,
    parse_tile,
    tileset,
)

__all__ = [
    "__version__",
    "TILESETS",
    "Table",
    "HandError",
    "Meld",
    "MeldType",
    "MjStatsError",
    "NotationError",
    "Reading",
    "RuleError",
    "SimResult",
    "TileSet",
    "WaitShape",
    "compare",
    "deal",
    "deal_study",
    "describe_rules",
    "decompositions",
    "exact",
    "format",
    "odds",
    "is_complete",
    "is_complete_many",
    "kind_glyph",
    "kind_name",
    "kind_name_zh",
    "ladder",
    "match",
    "parse",
    "parse_tile",
    "plot",
    "rule_set_names",
    "rules",
    "score",
    "score_many",
    "simulate",
    "shanten",
    "shanten_many",
    "tileset",
    "wait_shape_bits",
    "wait_shapes",
    "wait_shapes_many",
    "wait_width",
    "wait_width_many",
    "waits",
    "waits_many",
]

_LAZY_MODULES = {"exact": "mjstats.exact", "plot": "mjstats.plotting"}
_LAZY_NAMES = {
    "mjstats.api": ("compare", "deal_study", "ladder", "match", "odds", "score", "simulate"),
    "mjstats.scoring": ("Table", "score_many"),
    "mjstats.sim.deals": ("deal",),
    "mjstats.sim.simulate": ("SimResult",),
}
"""Names imported on first use: the engines, studies, tables and charts behind them load
pandas and matplotlib's helpers, which a hand function never needs."""
_LAZY = {**_LAZY_MODULES, **{n: m for m, names in _LAZY_NAMES.items() for n in names}}


def __getattr__(name: str):
    """Import a name of :data:`_LAZY` on first use (PEP 562)."""
    if name not in _LAZY:
        raise AttributeError(f"module 'mjstats' has no attribute {name!r}")
    import importlib

    value = importlib.import_module(_LAZY[name])
    if name not in _LAZY_MODULES:
        value = getattr(value, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
