"""mjstats: statistics for regional Chinese mahjong and Da Er.

``mj.rules`` is the rule-set registry of both games; the subpackage is callable
(``mj.rules("sichuan", cap=16)``) and holds the types (``mj.rules.RuleSet``).

>>> import mjstats as mj
>>> h = mj.parse("123m456p789s1122z")
>>> mj.format(h), mj.shanten(h), mj.waits(h)
('123m456p789s1122z', 0, {'1z': 2, '2z': 2})
"""

from mjstats import exact, rules
from mjstats import plotting as plot
from mjstats._version import __version__
from mjstats.api import compare, deal_study, ladder, match, odds, score, simulate
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
from mjstats.scoring import Table, score_many
from mjstats.sim.deals import deal
from mjstats.sim.simulate import SimResult
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
