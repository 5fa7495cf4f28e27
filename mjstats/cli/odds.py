"""``mjstats odds``: which tile to discard, with the exact odds of each (docs/odds.md)."""

from __future__ import annotations

import argparse

from mjstats.cli._common import add_command, add_set_argument, rules_arg


def register(sub) -> None:
    """Add ``mjstats odds``."""
    p = add_command(sub, "odds",
                    "exact odds of each discard: P(ready), P(win) and E[value] by draw", run)
    p.add_argument("hand", help="14 tiles to choose a discard (13 to evaluate as is), "
                                "e.g. 1112345678999m5p")
    p.add_argument("--rules", default=None,
                   help="sichuan, sichuan-app, guangan or liuzhou (default: none, every "
                        "complete hand wins, worth 1)")
    add_set_argument(p)
    p.add_argument("--melds", default=None,
                   help="exposed melds, e.g. 'pong 2s; kong 5m'")
    p.add_argument("--visible", default=None, help="tiles seen elsewhere, e.g. 5p9m")
    p.add_argument("--draws", type=int, default=None,
                   help="draws left (default: the wall after three other hands, shared by "
                        "four players)")
    p.add_argument("--missing", default=None,
                   help="the missing suit 定缺: m, p, s or choose (default for Sichuan and "
                        "Guang'an: choose, each evaluated)")
    p.add_argument("--dealer", action="store_true", help="the player is the dealer")
    p.add_argument("--objective", choices=["win", "ready", "value"], default="win",
                   help="what the play maximises")
    p.add_argument("--no-improve", action="store_true",
                   help="the published fast mode: only draws that lower shanten")
    p.add_argument("--extra", type=int, default=None,
                   help="wasted exchanges allowed when improving (default 1)")
    p.add_argument("--model", choices=["default", "published"], default="default",
                   help="published: divide by the unseen tiles exactly as the published "
                        "recursion")
    p.add_argument("--candidates", choices=["all", "keep"], default="all",
                   help="the discards evaluated: every legal one, or those keeping the lowest "
                        "shanten (as the published calculators)")
    p.add_argument("--max-states", type=int, default=None,
                   help="bound on the hands searched for one missing suit (default: "
                        "mjstats.discard.solo.MAX_STATES)")
    p.add_argument("--no-fallback", action="store_true",
                   help="fail instead of solving in the fast mode when the improving search "
                        "passes --max-states")
    p.add_argument("--tileset", choices=["sichuan", "guangan", "liuzhou"], default=None,
                   help="tile set without --rules (default liuzhou, 136 tiles)")
    p.add_argument("--table", type=int, default=0, metavar="N",
                   help="also play each discard N times at a full table in the game engine, "
                        "the same deals for each (paired; needs --rules)")
    p.add_argument("--bots", default="efficiency",
                   help="the opponents' policy in the table model"
                   ).api_keywords = ("table_bots",)
    p.add_argument("--player", default="efficiency",
                   help="the player's policy after the first discard in the table model: a bot, "
                        "or exact (the exact policy solved above; efficiency where it says "
                        "nothing)").api_keywords = ("table_player",)
    p.add_argument("--seed", type=int, default=None, help="seed of the table model's deals")
    p.add_argument("--rows", type=int, default=None, help="print only the best ROWS discards")
    p.add_argument("--curves", action="store_true",
                   help="also print P(win) by draw for the best discards")


def run(args: argparse.Namespace) -> int:
    """Print the odds table of ``args.hand``."""
    import mjstats as mj
    from mjstats._format import table_text
    from mjstats.discard.result import format_odds

    if args.rows is not None and args.rows < 1:
        from mjstats.errors import MjStatsError

        raise MjStatsError(f"--rows must be at least 1, got {args.rows}")
    rules = rules_arg(args.rules, args.set) if args.rules else None
    if args.set and rules is None:
        from mjstats.errors import RuleError

        raise RuleError("--set needs --rules")
    bound = {} if args.max_states is None else {"max_states": args.max_states}
    r = mj.odds(args.hand, rules, melds=args.melds, visible=args.visible, draws=args.draws,
                missing=args.missing, dealer=args.dealer, objective=args.objective,
                improve=not args.no_improve, extra=args.extra, model=args.model,
                tileset=args.tileset, candidates=args.candidates, table=args.table,
                table_bots=args.bots, table_player=args.player, seed=args.seed,
                fallback=not args.no_fallback, **bound)
    print(format_odds(r, rows=args.rows))
    if args.curves:
        top = r.table.head(args.rows or 3)
        keys = ["discard"] + (["missing"] if "missing" in r.table else [])
        c = r.curves.merge(top[keys], on=keys)
        col = "p_ready" if args.objective == "ready" else "p_win"
        wide = c.pivot_table(index="t", columns=keys, values=col)
        print(f"\n{col} by draw t")
        print(table_text(wide, index=True))
    return 0
