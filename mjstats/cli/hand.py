"""``mjstats hand``: one hand's shanten, waits, wait shapes and readings."""

from __future__ import annotations

import argparse

import numpy as np

from mjstats.cli._common import add_command


def register(sub) -> None:
    """Add ``mjstats hand``."""
    p = add_command(sub, "hand", "analyse one hand: shanten, waits, shapes, readings", run)
    p.add_argument("hand", help="tiles, e.g. 1112345678999m or '一万 二万 中'")
    p.add_argument("--visible", help="tiles seen elsewhere (for live wait counts)")
    p.add_argument("--tileset", choices=["sichuan", "guangan", "liuzhou"], default=None,
                   help="the tile set the hand must come from (default: any)")


def run(args: argparse.Namespace) -> int:
    """Print the analysis of ``args.hand``."""
    import mjstats as mj
    from mjstats.core.codes import as_hand
    from mjstats.core.waits import shapes_ahead, visible_vector

    h = mj.parse(args.hand, args.tileset)
    if h.sum() % 3 == 1:  # a hand that may wait: on a cold cache its shapes compile beside the rest
        shapes_ahead()
    h = as_hand(h, tileset=args.tileset, sizes="hand")
    if args.visible is not None:  # refused before anything is printed
        visible_vector(args.visible, h)
    n = int(h.sum())
    print(f"hand      {mj.format(h)}   {mj.format(h, 'unicode')}")
    print(f"          {mj.format(h, 'zh')}")
    print(f"tiles     {n}")
    s_std = mj.shanten(h, form="standard")
    line = f"shanten   standard {s_std}"
    if n >= 13:
        line += f", seven pairs {mj.shanten(h, form='seven_pairs')}, min {mj.shanten(h)}"
    print(line + "   (-1 complete, 0 ready 下叫)")
    if n % 3 == 2 and mj.is_complete(h):
        print("complete  yes; readings 解读:")
        for r in mj.decompositions(h):
            print(f"  {r.form:12s} {r}")
    elif n % 3 == 1 and mj.shanten(h) == 0:
        w = mj.waits(h, visible=args.visible)
        kinds, live = len(w), sum(max(v, 0) for v in w.values())
        print(f"waits     {kinds} kinds, {live} live tiles")
        by_tile = mj.wait_shapes(h, by_tile=True)
        for k, x in w.items():
            print(f"  {k:3s} {mj.kind_name_zh(int(mj.parse(k).argmax())):3s} live {x}  "
                  f"{' '.join(by_tile.get(k, []))}")
        zh, en = mj.wait_shapes(h), mj.wait_shapes(h, lang="en")
        print(f"shapes    {' '.join(zh)}  ({', '.join(en)})")
    elif n % 3 == 2:
        # best discards: those that keep the lowest shanten, with their live waits/improvements
        rows = []
        for k in np.flatnonzero(h):
            d = h.copy()
            d[k] -= 1
            s = mj.shanten(d)
            rows.append((s, k))
        best = min(s for s, _ in rows)
        names = " ".join(mj.kind_name(k) for s, k in rows if s == best)
        print(f"discard   {names} -> shanten {best}")
    return 0
