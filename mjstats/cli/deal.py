"""``mjstats deal``: the odds at the deal, Monte Carlo beside the exact values.

Mahjong: complete / ready / shanten / waits of the dealt hands with intervals
and the exact values (:func:`mjstats.study.deal_study`); Da Er: instant wins
and the dealer's dealt wins (:func:`mjstats.daer.deal_study`).
"""

from __future__ import annotations

from mjstats.cli._common import (
    RULES_HELP,
    add_command,
    add_run_arguments,
    announce_seed,
    print_tables,
)


def register(sub) -> None:
    """Add ``mjstats deal``."""
    from mjstats._choices import DEAL_STUDIES

    p = add_command(sub, "deal", "deal study: complete/ready/shanten/waits at the deal, Monte "
                    "Carlo with intervals beside exact values (Da Er: instant wins and the "
                    "dealer's dealt wins)", run)
    p.add_argument("--rules", default="sichuan", help=RULES_HELP + "; only the tile set matters "
                   "for mahjong")
    p.add_argument("--deals", type=int, default=1_000_000, help="number of random deals")
    p.add_argument("--seed", type=int, default=None,
                   help="seed: the same seed gives the same table on any threads (default: "
                        "drawn, and printed when --out is given)")
    p.add_argument("--table", default=None, metavar="FILE",
                   help="also write the table to FILE (.parquet or .csv)")
    p.add_argument("--study", choices=DEAL_STUDIES, default="full",
                   help="'complete' counts only complete-at-deal hands (fast); mahjong only")
    p.add_argument("--conf", type=float, default=0.95, help="interval level")
    add_run_arguments(p, "deals (mahjong)")


def run(args) -> int:
    """Run the deal study of ``args`` for either game and print it."""
    import mjstats as mj
    from mjstats.results.tables import check_table_path

    if args.table:
        check_table_path(args.table)  # a bad path fails now, not after the study
    if mj.rules(args.rules).game == "daer":
        return _daer(args)
    deal_table(args)
    return 0


def deal_table(args):
    """The mahjong deal study of ``args``: printed, written to ``--table``; returned."""
    import mjstats as mj
    from mjstats._format import table_text
    from mjstats.results.tables import write_table
    from mjstats.runner import connect

    announce_seed(args)
    client = connect(args.dask)
    try:
        df = mj.deal_study(args.rules, args.deals, args.seed, progress=not args.quiet,
                           study=args.study, conf=args.conf, out=args.out, resume=args.resume,
                           client=client)
    finally:
        if client is not None:
            client.close()
    if args.table:
        write_table(df, args.table)
    cols = ["metric", "category", "count", "n", "estimate", "ci_low", "ci_high", "exact", "z"]
    print(table_text(df[cols]))
    a = df.attrs
    rate = a["computed"] / max(a["seconds"], 1e-9)  # the work done here, not read back
    done = "" if a["computed"] == a["deals"] else f" ({a['computed']:,} computed here)"
    print(f"# {a['deals']:,} deals of {a['tileset']}{done} in {a['seconds']:.1f} s "
          f"({rate / 1e6:.2f} M deals/s)" + (f"; written to {args.table}" if args.table else ""))
    return df


def _daer(args) -> int:
    import mjstats as mj
    from mjstats.errors import RuleError
    from mjstats.results.tables import write_table

    mahjong_only = {"--out": args.out, "--resume": args.resume, "--dask": args.dask,
                    "--study": args.study != "full"}
    given = [k for k, v in mahjong_only.items() if v]
    if given:
        raise RuleError(f"{', '.join(given)} applies to the mahjong deal study only, not "
                        f"{args.rules}")
    st = mj.deal_study(args.rules, args.deals, args.seed, conf=args.conf)
    if args.table:
        write_table(st.summary, args.table)
    print_tables((("deal", st.summary), ("dealer's winning hands: 胡", st.hu),
                  ("dealer's winning hands: level", st.levels),
                  ("dealer's winning hands: 名堂", st.patterns)))
    return 0
