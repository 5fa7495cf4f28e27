"""The ``mjstats`` command line over the public API.

Each subcommand is a small function that parses its arguments, calls the
public API and prints; see ``mjstats --help``.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np


def _cmd_hand(args: argparse.Namespace) -> int:
    import mjstats as mj
    from mjstats.core.codes import as_hand

    h = as_hand(args.hand, tileset=args.tileset, sizes="hand")
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mjstats`` command."""
    from mjstats import __version__

    p = argparse.ArgumentParser(
        prog="mjstats",
        description="Statistics for regional Chinese mahjong and Da Er.",
    )
    p.add_argument("--version", action="version", version=f"mjstats {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    ph = sub.add_parser("hand", help="analyse one hand: shanten, waits, shapes, readings")
    ph.add_argument("hand", help="tiles, e.g. 1112345678999m or '一万 二万 中'")
    ph.add_argument("--visible", help="tiles seen elsewhere (for live wait counts)")
    ph.add_argument("--tileset", choices=["sichuan", "guangan", "liuzhou"], default=None)
    ph.set_defaults(func=_cmd_hand)

    for register in _EXTRA_COMMANDS:
        register(sub)
    return p


def _register_deal(sub) -> None:
    from mjstats.study.deal_study import add_deal_arguments, run_deal_study_cli

    p = sub.add_parser("deal", help="deal study: complete/ready/shanten/waits at the deal, "
                                    "Monte Carlo with intervals beside exact values")
    add_deal_arguments(p)
    def run(args) -> int:
        run_deal_study_cli(args)
        return 0

    p.set_defaults(func=run)


def _register_report(sub) -> None:
    from mjstats.report import add_report_parser

    add_report_parser(sub)


_EXTRA_COMMANDS: list = [_register_deal, _register_report]
"""Functions ``register(subparsers)`` adding more subcommands (deal, score, rules, ...)."""


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from mjstats.errors import MjStatsError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except MjStatsError as e:
        print(f"mjstats: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mjstats: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
