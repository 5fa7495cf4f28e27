"""Tile sets and notation: the mahjong tiles and Da Er's 80 cards.

The mahjong tile sets (108 / 120 / 136 tiles) are in :mod:`mjstats.tiles.tilesets`,
their notation in :mod:`mjstats.tiles.notation`; Da Er's deck and notation in
:mod:`mjstats.tiles.daer_cards` (its own names, re-exported by :mod:`mjstats.daer`).
"""

from mjstats.tiles.notation import format, kind_glyph, parse, parse_tile
from mjstats.tiles.tilesets import (
    COPIES,
    N_KINDS,
    TILESETS,
    TileSet,
    kind_name,
    kind_name_zh,
    tileset,
)

__all__ = [
    "COPIES",
    "N_KINDS",
    "TILESETS",
    "TileSet",
    "format",
    "kind_glyph",
    "kind_name",
    "kind_name_zh",
    "parse",
    "parse_tile",
    "tileset",
]
