"""Build walls for hand-built game situations (tests)."""

from __future__ import annotations

import numpy as np

import mjstats as mj
from mjstats.rules import rules as _rules


def tiles(text: str) -> list[int]:
    """Kinds of a notation string, in ascending order, one entry per tile."""
    c = mj.parse(text)
    return [k for k in range(34) for _ in range(int(c[k]))]


def build_wall(rules: str, dealer: int, hands: dict[int, str], draws=(), tail=()) -> np.ndarray:
    """Wall order: the dealer's 14, then 13 per seat in turn order, the head draws,
    the unused tiles, and the kong replacements (``tail[0]`` is drawn first)."""
    R = _rules(rules)
    left = np.bincount(R.tileset.wall, minlength=34).astype(int)
    seq = []
    for i in range(4):
        p = (dealer + i) % 4
        t = tiles(hands[p])
        assert len(t) == (14 if i == 0 else 13), (p, len(t))
        seq += t
    seq += [k for d in draws for k in tiles(d)]
    back = [k for d in tail for k in tiles(d)]
    for k in seq + back:
        left[k] -= 1
        assert left[k] >= 0, f"too many {mj.kind_name(k)}"
    rest = [k for k in range(34) for _ in range(int(left[k]))]
    return np.array(seq + rest + back[::-1], dtype=np.int8)
