"""``mjstats simulate`` and ``mjstats compare``: whole hands played by bots, printed as tables."""

from __future__ import annotations

from mjstats.cli._common import (
    RULES_HELP,
    add_command,
    add_run_arguments,
    add_set_argument,
    announce_seed,
    names,
    print_tables,
    rules_arg,
)

_BOTS = ("one bot for every seat or one per seat, apart or comma-separated: mahjong "
         "efficiency, value, random, zimo, ev, rollout (four seats); Da Er efficiency, value, "
         "random, greedy, passive (three seats)")


def register(sub) -> None:
    """Add ``mjstats simulate`` and ``mjstats compare``."""
    p = add_command(sub, "simulate", "play whole hands with bots and print the tables "
                    "(mahjong: outcomes, patterns, values, payoffs; Da Er: outcomes, 名堂, "
                    "points, the three scorings on the same wins)", simulate)
    p.add_argument("--rules", default="sichuan", help=RULES_HELP)
    p.add_argument("--games", type=int, default=10_000, help="hands to play")
    p.add_argument("--seed", type=int, default=None,
                   help="seed: the same seed gives the same tables (default: drawn, and "
                        "printed when --out is given)")
    p.add_argument("--bots", nargs="+", default=["efficiency"], help=_BOTS)
    p.add_argument("--records", action="store_true",
                   help="keep one row per hand and seat (saved with each chunk in --out); "
                        "by default only the sums behind the tables")
    p.add_argument("--slip", type=float, default=None,
                   help="Da Er only: chance that a bot makes a rule slip (fouls); default 0")
    add_set_argument(p)
    add_run_arguments(p, "hands")

    p = add_command(sub, "compare", "play several presets of one game (mahjong or Da Er) on "
                    "the same hands and print their headline figures with paired differences "
                    "against the first, and which presets shared a run", compare)
    p.add_argument("--rules", nargs="+", default=["sichuan", "sichuan-app", "guangan", "liuzhou"],
                   help="two or more presets of one game, apart or comma-separated (e.g. "
                        "daer-luzhou,daer-luzhou-mingtang,daer-chongqing); the first is the "
                        "reference of the paired differences")
    p.add_argument("--games", type=int, default=10_000, help="hands to play")
    p.add_argument("--seed", type=int, default=1, help="seed of the hands")
    p.add_argument("--bots", nargs="+", default=["efficiency"], help=_BOTS)
    add_run_arguments(p, "hands")


def _bots(texts: list[str]):
    """``--bots``: one name for every seat, or the list of one per seat."""
    from mjstats.errors import MjStatsError

    bots = names(texts)
    if not bots:
        raise MjStatsError(f"--bots names no bot, got {' '.join(texts)!r}")
    return bots if len(bots) > 1 else bots[0]


def simulate(args) -> int:
    """Play the hands of ``args`` under either game and print its tables."""
    import mjstats as mj
    from mjstats.errors import RuleError
    from mjstats.runner import connect

    rules = rules_arg(args.rules, args.set)
    daer = rules.game == "daer"
    if args.slip is not None and not daer:
        raise RuleError(f"--slip applies to Da Er rule sets only, not {args.rules}")
    announce_seed(args)
    bots = _bots(args.bots)
    extra = {"slip": args.slip or 0.0} if daer else {}
    r = mj.simulate(rules, args.games, bots, args.seed, records=args.records, out=args.out,
                    resume=args.resume, client=connect(args.dask), progress=not args.quiet,
                    **extra)
    if daer:
        print_tables((("outcomes", r.summary()), ("名堂 patterns", r.patterns()),
                      ("points by seat", r.points("seat")),
                      ("three scorings on the same wins", r.scorings())))
    else:
        print(r.summary())
    return 0


def compare(args) -> int:
    """Play the presets of ``args`` on the same hands and print the paired table."""
    import mjstats as mj
    from mjstats._format import table_text
    from mjstats.runner import connect

    announce_seed(args)
    res = mj.compare(names(args.rules), args.games, _bots(args.bots), args.seed,
                     out=args.out, resume=args.resume, client=connect(args.dask),
                     progress=not args.quiet, records=False)
    t = res.table()
    print(table_text(t))
    for note in t.attrs.get("notes", ()):
        print(f"# {note}")
    print()
    print("== runs: the presets played in one run, and how each pairs with the first ==")
    print(table_text(res.plays()))
    return 0
