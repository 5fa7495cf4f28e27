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


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``mjstats: error: ...``."""

    def error(self, message: str):
        """Print ``mjstats: error: MESSAGE`` on one line and exit with status 2."""
        self.exit(2, f"mjstats: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mjstats`` command."""
    from mjstats import __version__

    p = _Parser(
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
                                    "Monte Carlo with intervals beside exact values (Da Er: "
                                    "instant wins and the dealer's dealt wins)")
    add_deal_arguments(p)

    def run(args) -> int:
        import mjstats as mj

        if mj.rules(args.rules).game == "daer":
            return _deal_daer(args)
        run_deal_study_cli(args)
        return 0

    p.set_defaults(func=run)


def _deal_daer(args) -> int:
    """``mjstats deal --rules daer-…``: the Da Er deal study, printed (and saved with --out)."""
    import pandas as pd

    import mjstats as mj
    from mjstats.errors import RuleError
    from mjstats.results.tables import check_table_path, write_table

    mahjong_only = {"--chunks": args.chunks, "--resume": args.resume, "--dask": args.dask,
                    "--study": args.study != "full", "--conf": args.conf != 0.95}
    given = [k for k, v in mahjong_only.items() if v]
    if given:
        raise RuleError(f"{', '.join(given)} applies to the mahjong deal study only, not "
                        f"{args.rules}")
    if args.out:
        check_table_path(args.out)
    st = mj.deal_study(args.rules, args.deals, args.seed)
    if args.out:
        write_table(st.summary, args.out)
    with pd.option_context("display.width", 200, "display.max_rows", 200):
        for title, table in (("deal", st.summary), ("dealer's winning hands: 胡", st.hu),
                             ("dealer's winning hands: level", st.levels),
                             ("dealer's winning hands: 名堂", st.patterns)):
            print(f"== {title} ==")
            print(table.to_string(index=False))
            print()
    return 0


def _register_report(sub) -> None:
    from mjstats.report import add_report_parser

    add_report_parser(sub)


_SCORE_FLAGS = (
    # (flag, keyword of the mahjong scorer, keyword of the Da Er scorer, help); None: no such
    # context in that family, and the flag is an error there
    ("--after-kong", "after_kong", None,
     "won on a kong's replacement tile (杠上花) or on the discard after a kong (杠上炮)"),
    ("--robbing-kong", "robbing_kong", None, "robbed a kong (抢杠)"),
    ("--last-tile", "last_tile", "last_card", "last tile of the wall (海底; Da Er 海底捞)"),
    ("--first-turn", "first_turn", None, "first turn (天胡/地胡; Da Er: --heavenly, --earthly)"),
    ("--last-copy", "last_copy", None, "the winning tile is the last live copy (绝张)"),
    ("--dealer", "dealer", "dealer", "the winner is the dealer"),
    ("--heavenly", None, "heavenly", "Da Er 天胡: the dealer's dealt cards win"),
    ("--earthly", None, "earthly", "Da Er 地胡: a player wins on the dealer's first discard"),
    ("--returning", None, "returning", "Da Er 回龙地胡: the dealer wins on a first discard"),
)
"""The context flags of ``mjstats score`` and the keyword each family's scorer gives them."""


def _add_set_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--set", nargs="*", default=[], metavar="SWITCH=VALUE",
                   help="rule switches, e.g. cap=16 zimo=fan, fan_points=5,8,12,16,24 "
                        "(see 'mjstats rules NAME')")


def _rules_arg(name: str, sets: list[str]):
    """The rule set ``name`` (either game) with the ``--set`` switches."""
    import mjstats as mj
    from mjstats.errors import RuleError

    switches: dict = {}
    for text in sets:
        key, value = _parse_switch(text)
        if key in switches:
            raise RuleError(f"--set names switch {key!r} twice")
        switches[key] = value
    return mj.rules(name, **switches)


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
    p.add_argument("--self-draw", action=argparse.BooleanOptionalAction, default=None,
                   help="won on a self-draw (自摸), or not (--no-self-draw); default as "
                        "mj.score: a discard win in mahjong, self-drawn in Da Er")
    for flag, _, _, text in _SCORE_FLAGS:
        p.add_argument(flag, action="store_true", help=text)
    _add_set_argument(p)

    def run(args) -> int:
        import mjstats as mj
        from mjstats.errors import RuleError

        rules = _rules_arg(args.rules, args.set)
        daer = rules.game == "daer"
        family = 2 if daer else 1
        ctx = {}
        for row in _SCORE_FLAGS:
            if not getattr(args, row[0][2:].replace("-", "_")):
                continue
            if row[family] is None:
                mine = [r[0] for r in _SCORE_FLAGS if r[family] is not None]
                raise RuleError(
                    f"{row[0]} does not apply to {args.rules} ({'Da Er' if daer else 'mahjong'}); "
                    f"its flags: --self-draw/--no-self-draw, {', '.join(mine)}"
                )
            ctx[row[family]] = True
        r = mj.score(args.hand, melds=args.melds, win=args.win, self_draw=args.self_draw,
                     rules=rules, **ctx)
        print(r)
        return 1 if daer and not r.won else 0

    p.set_defaults(func=run)


def _parse_switch(text: str):
    """``NAME=VALUE`` as ``(name, value)``: int, float, bool, None, a tuple (``5,8,12``), a str."""
    from mjstats.errors import RuleError

    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise RuleError(f"a switch is written NAME=VALUE (e.g. cap=16), got {text!r}")
    if "," in value:
        items = value.split(",")
        if any(not v.strip() for v in items):
            raise RuleError(f"switch {name!r}: an empty item in the list {value!r}")
        return name.strip(), tuple(_switch_value(v.strip()) for v in items)
    return name.strip(), _switch_value(value)


def _switch_value(value: str):
    for conv in (int, float):
        try:
            return conv(value)
        except ValueError:
            pass
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    if value.lower() == "none":
        return None
    return value


def _register_rules(sub) -> None:
    p = sub.add_parser("rules", help="list the rule sets and their switches with defaults")
    p.add_argument("name", nargs="?", default=None, help="one rule set")

    def run(args) -> int:
        import pandas as pd

        from mjstats.rules import describe_rules

        df = describe_rules(args.name)
        with pd.option_context("display.max_colwidth", 70, "display.width", 200,
                               "display.max_rows", 500):
            print(df.to_string(index=False))
        return 0

    p.set_defaults(func=run)


def _register_games(sub) -> None:
    from mjstats.sim.simulate import add_compare_parser, add_simulate_parser

    p = add_simulate_parser(sub)
    mahjong = p.get_default("func")

    def run(args) -> int:
        from mjstats.errors import RuleError

        rules = _rules_arg(args.rules, args.set)
        if rules.game == "daer":
            return _simulate_daer(args, rules)
        if args.slip is not None:
            raise RuleError(f"--slip applies to Da Er rule sets only, not {args.rules}")
        args.rules = rules
        return mahjong(args)

    p.set_defaults(func=run)
    p.add_argument("--slip", type=float, default=None,
                   help="Da Er only: chance that a bot makes a rule slip (fouls), default 0")
    _add_set_argument(p)
    p.description = ("Play whole hands with bots and print the tables.  Mahjong rule sets: "
                     "sichuan, sichuan-app, guangan, liuzhou; Da Er: daer-luzhou, "
                     "daer-luzhou-mingtang, daer-chongqing.")
    add_compare_parser(sub)


def _simulate_daer(args, rules) -> int:
    import pandas as pd

    from mjstats import daer
    from mjstats.runner import announce_seed, connect

    announce_seed(args)
    bots = args.bots if len(args.bots) > 1 else args.bots[0]
    slip = 0.0 if args.slip is None else args.slip
    r = daer.simulate(rules, args.games, bots, args.seed, slip=slip,
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
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, or a bad argument (one line on stderr)
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
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
