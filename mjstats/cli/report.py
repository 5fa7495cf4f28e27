"""``mjstats report``: every study run and written as an HTML report with charts."""

from __future__ import annotations

from mjstats.cli._common import add_command


def register(sub) -> None:
    """Add ``mjstats report``."""
    p = add_command(sub, "report", "compile the kernel families it uses in parallel (as "
                    "'mjstats warmup'), run every study and write an HTML report with charts",
                    run)
    p.add_argument("--games", type=int, default=200_000, help="games per rule set")
    p.add_argument("--deals", type=int, default=None,
                   help="deals per tile set (default: 20 x games, at least 131,072)")
    p.add_argument("--seed", type=int, default=1, help="seed of every study")
    p.add_argument("--out", default="report", metavar="DIR",
                   help="the report folder (index.html, charts, Parquet tables)")
    p.add_argument("--quiet", action="store_true", help="no progress bars")


def run(args) -> int:
    """Write the report and print where."""
    import shlex

    from mjstats.report import write_report

    index = write_report(args.out, games=args.games, deals=args.deals, seed=args.seed,
                         progress=not args.quiet, warmup=True,
                         command=shlex.join(["mjstats", *args.argv]))
    print(f"report written to {index}")
    return 0
