"""``mjstats match`` and ``mjstats ladder``: duplicate matches between bots, printed as tables."""

from __future__ import annotations

from mjstats.cli._common import (
    RULES_HELP,
    add_command,
    add_run_arguments,
    add_set_argument,
    announce_seed,
    names,
    rules_arg,
)

_BOTS = ("mahjong: efficiency, value, random, zimo, ev, rollout; Da Er: efficiency, value, random, "
         "greedy, passive")


def register(sub) -> None:
    """Add ``mjstats match`` and ``mjstats ladder``."""
    p = add_command(sub, "match", "a duplicate match of two bots: every deal played under "
                    "the six seatings that split the seats evenly between them, on the same "
                    "tiles; prints each bot's points per hand, win rate and deal-in rate and "
                    "the paired difference A - B with 95-percent intervals", match)
    p.add_argument("--rules", default="sichuan", help=RULES_HELP)
    p.add_argument("--bots", nargs="+", required=True, metavar="A,B",
                   help=f"the two bots, A first (A,B or A B): {_BOTS}")
    p.add_argument("--games", type=int, default=10_000,
                   help="deals to play (each under six seatings)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed of the deals: the same seed gives the same numbers (default: "
                        "drawn, and printed when --out is given)")
    add_set_argument(p)
    add_run_arguments(p, "deals")

    p = add_command(sub, "ladder", "the ladder of each rule set's bots: every adjacent step "
                    "(weakest by design first) a duplicate match, with its 95-percent interval and "
                    "whether the step holds", ladder)
    p.add_argument("--rules", nargs="+", default=["sichuan", "sichuan-app", "guangan", "liuzhou"],
                   help="rule sets, apart or comma-separated (either game)")
    p.add_argument("--bots", nargs="+", default=None, metavar="BOT",
                   help="the order to test, weakest first, apart or comma-separated (default: "
                        "random, zimo, efficiency, value for mahjong; random, greedy, passive, "
                        "efficiency, value for Da Er)")
    p.add_argument("--games", type=int, default=10_000,
                   help="deals per step (each under six seatings)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed of the deals, shared by every step (default: drawn, and printed "
                        "when --out is given)")
    add_run_arguments(p, "deals")


def match(args) -> int:
    """Play the duplicate match of ``args`` and print its table."""
    import mjstats as mj
    from mjstats.runner import connect

    rules = rules_arg(args.rules, args.set)
    announce_seed(args)
    m = mj.match(rules, args.games, names(args.bots), args.seed, out=args.out,
                 resume=args.resume, client=connect(args.dask), progress=not args.quiet)
    print(m.summary())
    return 0


def ladder(args) -> int:
    """Play the ladder of ``args`` and print one row per step."""
    import mjstats as mj
    from mjstats._format import table_text
    from mjstats.runner import connect

    announce_seed(args)
    bots = names(args.bots) if args.bots else None
    lad = mj.ladder(names(args.rules), args.games, args.seed, bots=bots, out=args.out,
                    resume=args.resume, client=connect(args.dask), progress=not args.quiet)
    t = lad.table()
    print(f"== ladder: {args.games:,} deals per step, six seatings each; difference = "
          f"points per hand of the upper bot minus the lower, paired by deal ==")
    print(table_text(t))
    return 0
