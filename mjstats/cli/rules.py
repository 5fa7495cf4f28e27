"""``mjstats rules``: the rule sets of both games and their switches, with defaults."""

from __future__ import annotations

from mjstats.cli._common import add_command


def register(sub) -> None:
    """Add ``mjstats rules``."""
    p = add_command(sub, "rules", "list the rule sets and their switches with defaults", run)
    p.add_argument("name", nargs="?", default=None,
                   help="one rule set (default: every rule set of both games)")


def run(args) -> int:
    """Print the switches of one rule set or of all."""
    import pandas as pd

    from mjstats.rules import describe_rules

    df = describe_rules(args.name).drop(columns="value")  # a preset: its defaults in force
    with pd.option_context("display.max_colwidth", 70, "display.width", 200,
                           "display.max_rows", 500):
        print(df.to_string(index=False))
    return 0
