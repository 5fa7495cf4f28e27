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


def _register_score(sub) -> None:
    p = sub.add_parser("score", help="score a finished hand under a rule set (中文 + English)")
    p.add_argument("hand", help="concealed tiles including the winning tile")
    p.add_argument("--melds", nargs="*", default=[],
                   help="exposed melds: 'pong 2s' 'kong 5m' 'addkong 5m' 'ckong 7s' 'chow 345m' "
                        "(Da Er: 'pong 柒' 'zhao 三' 'long 十' 'chi 一二三')")
    p.add_argument("--win", required=True, help="the winning tile")
    p.add_argument("--rules", default="sichuan",
                   help="sichuan, sichuan-app, guangan, liuzhou, daer-luzhou, "
                        "daer-luzhou-mingtang, daer-chongqing")
    p.add_argument("--self-draw", action="store_true", help="won on a self-draw (自摸)")
    p.add_argument("--after-kong", action="store_true", help="won on a kong's replacement "
                   "tile (杠上花) or on the discard after a kong (杠上炮)")
    p.add_argument("--robbing-kong", action="store_true", help="robbed a kong (抢杠)")
    p.add_argument("--last-tile", action="store_true", help="last tile of the wall (海底)")
    p.add_argument("--first-turn", action="store_true", help="first turn (天胡/地胡)")
    p.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    p.add_argument("--set", nargs="*", default=[], metavar="SWITCH=VALUE",
                   help="rule switches, e.g. cap=16 zimo=fan (see 'mjstats rules')")

    def run(args) -> int:
        import mjstats as mj

        switches = dict(_parse_switch(x) for x in args.set)
        rules = mj.rules(args.rules, **switches) if switches else args.rules
        if args.rules.lower().startswith("daer"):
            ctx = {"dealer": args.dealer, "last_card": args.last_tile}
        else:
            ctx = {"after_kong": args.after_kong, "robbing_kong": args.robbing_kong,
                   "last_tile": args.last_tile, "first_turn": args.first_turn,
                   "dealer": args.dealer}
        r = mj.score(args.hand, melds=args.melds, win=args.win, self_draw=args.self_draw,
                     rules=rules, **ctx)
        if hasattr(r, "hu") and not getattr(r, "won", True):
            print(r)
            return 1
        print(r)
        return 0

    p.set_defaults(func=run)


def _parse_switch(text: str):
    from mjstats.errors import RuleError

    if "=" not in text:
        raise RuleError(f"a switch is written NAME=VALUE, got {text!r}")
    name, value = text.split("=", 1)
    for conv in (int, float):
        try:
            return name, conv(value)
        except ValueError:
            pass
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    if value.lower() == "none":
        return name, None
    return name, value


def _register_rules(sub) -> None:
    p = sub.add_parser("rules", help="list the rule sets and their switches with defaults")
    p.add_argument("name", nargs="?", default=None, help="one rule set")

    def run(args) -> int:
        import pandas as pd

        from mjstats.rules import describe_rules

        df = describe_rules(args.name) if args.name else describe_rules()
        with pd.option_context("display.max_colwidth", 70, "display.width", 200,
                               "display.max_rows", 500):
            print(df.to_string(index=False))
        return 0

    p.set_defaults(func=run)


def _register_games(sub) -> None:
    from mjstats.sim.simulate import add_compare_parser, add_simulate_parser

    p = add_simulate_parser(sub)
    mahjong = p.get_default("func")
    p.set_defaults(func=lambda args: (_simulate_daer(args) if args.rules.lower().startswith("daer")
                                      else mahjong(args)))
    p.add_argument("--slip", type=float, default=0.0,
                   help="Da Er only: chance that a bot makes a rule slip (fouls)")
    p.description = ("Play whole hands with bots and print the tables.  Mahjong rule sets: "
                     "sichuan, sichuan-app, guangan, liuzhou; Da Er: daer-luzhou, "
                     "daer-luzhou-mingtang, daer-chongqing.")
    add_compare_parser(sub)


def _simulate_daer(args) -> int:
    import pandas as pd

    from mjstats import daer
    from mjstats.runner import announce_seed, connect

    announce_seed(args)
    bots = args.bots if len(args.bots) > 1 else args.bots[0]
    r = daer.simulate(args.rules, args.games, bots, args.seed, slip=args.slip,
                      records=args.records, out=args.out, resume=args.resume,
                      client=connect(args.dask), progress=not args.quiet)
    with pd.option_context("display.width", 200, "display.max_rows", 200):
        for title, table in (("outcomes", r.summary()), ("名堂 patterns", r.patterns()),
                             ("points by seat", r.points("seat")),
                             ("three scorings on the same wins", r.scorings())):
            print(f"== {title} ==")
            print(table.to_string(index=False))
            print()
    return 0


_EXTRA_COMMANDS: list = [_register_deal, _register_score, _register_rules, _register_games,
                         _register_report]
"""Functions ``register(subparsers)`` adding more subcommands (deal, score, rules, ...)."""


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from mjstats.errors import MjStatsError

    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return int(args.func(args) or 0)
    except MjStatsError as e:
        print(f"mjstats: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into head & co.
        sys.stderr.close()
        return 0
    except OSError as e:  # a path the system refuses (disk full, permissions ...)
        where = f" ({e.filename})" if e.filename else ""
        print(f"mjstats: error: {e.strerror or e}{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:
        print(f"mjstats: {e or 'interrupted'}", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
