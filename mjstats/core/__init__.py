"""The tile-count core: complete check, readings, shanten, waits and wait shapes.

Every function takes a hand as a notation string or a ``(34,)`` count vector of
the concealed tiles.  Kernels (underscored, jitted) live beside their public
wrappers; the per-suit lookup tables they share are in :mod:`mjstats.core.tables`.
"""

from mjstats.core.complete import is_complete, is_complete_many
from mjstats.core.decompose import Meld, MeldType, Reading, decompositions
from mjstats.core.shanten import shanten, shanten_many
from mjstats.core.waits import (
    WaitShape,
    wait_shape_bits,
    wait_shapes,
    wait_shapes_many,
    wait_width,
    wait_width_many,
    waits,
    waits_many,
)

__all__ = [
    "Meld",
    "MeldType",
    "Reading",
    "WaitShape",
    "decompositions",
    "is_complete",
    "is_complete_many",
    "shanten",
    "shanten_many",
    "wait_shape_bits",
    "wait_shapes",
    "wait_shapes_many",
    "wait_width",
    "wait_width_many",
    "waits",
    "waits_many",
]
