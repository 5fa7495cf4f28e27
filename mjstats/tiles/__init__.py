"""Tile sets and notation (see :mod:`mjstats.tiles.tilesets`, :mod:`mjstats.tiles.notation`)."""

from mjstats.tiles.notation import (
    format,
    kind_glyph,
    kind_name,
    kind_name_zh,
    parse,
    parse_tile,
)
from mjstats.tiles.tilesets import COPIES, N_KINDS, TILESETS, TileSet, tileset

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
