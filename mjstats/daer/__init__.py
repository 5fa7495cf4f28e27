"""大贰 Da Er: the 80-card game of Luzhou and Chongqing (cards, 列, 胡, 名堂, 道, deal odds).

The public face::

    from mjstats import daer
    daer.parse("一二三贰柒拾")            # count vector (20,)
    daer.score("…", melds=["pong 柒"], win="一", rules="daer-luzhou")
    daer.deal_study(n_deals=10**5, seed=1)

See ``docs/rules/daer.md`` for every rule reading and the seed line behind it.
"""

from mjstats.daer.deal import DealStudy, deal_study, instant_distribution, instant_win_exact
from mjstats.daer.exact import ExactHu, exact_hu_distribution
from mjstats.daer.groups import Meld, Shape, group_name, parse_meld, parse_melds, readings
from mjstats.daer.rules import (
    RULESETS,
    SWITCHES,
    DaErRules,
    Pattern,
    Scoring,
    describe_switches,
    rules,
)
from mjstats.daer.scoring import (
    DaErScore,
    Foul,
    Payments,
    foul_payments,
    instant_win,
    pattern_table,
    score,
)
from mjstats.daer.simulate import DaErSim, build_deck, play, simulate
from mjstats.tiles.daer_cards import (
    BIG,
    COPIES,
    DECK,
    N_CARDS,
    N_KINDS,
    RED_KINDS,
    SMALL,
    as_counts,
    format,
    kind_name,
    kind_name_zh,
    parse,
    parse_card,
)

__all__ = [
    "BIG",
    "COPIES",
    "DECK",
    "N_CARDS",
    "N_KINDS",
    "RED_KINDS",
    "RULESETS",
    "SWITCHES",
    "DaErSim",
    "build_deck",
    "play",
    "simulate",
    "SMALL",
    "DaErRules",
    "DaErScore",
    "DealStudy",
    "ExactHu",
    "Foul",
    "Meld",
    "Pattern",
    "Payments",
    "Scoring",
    "Shape",
    "as_counts",
    "deal_study",
    "describe_switches",
    "exact_hu_distribution",
    "format",
    "foul_payments",
    "group_name",
    "instant_distribution",
    "instant_win",
    "instant_win_exact",
    "kind_name",
    "kind_name_zh",
    "parse",
    "parse_card",
    "parse_meld",
    "parse_melds",
    "pattern_table",
    "readings",
    "rules",
    "score",
]
