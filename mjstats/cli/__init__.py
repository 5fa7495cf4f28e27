"""The ``mjstats`` command line over the public API: one module per subcommand.

Each module (``hand``, ``odds``, ``score``, ``rules``, ``games`` for simulate and
compare, ``match`` for match and ladder, ``deal``, ``report``, ``warmup``) has a
``register(subparsers)`` that adds its parser, and functions that call the public
API (:mod:`mjstats.api`) and print.
Every error a user can cause ends in one line on standard error
(``mjstats: error: ...``) and exit status 2; see ``mjstats --help``.  An error
of the API names the keywords the command passes it as the command's flags
(``--games must be at least 1, got 0``: :func:`mjstats.cli._common.command_flags`).
"""

from __future__ import annotations

import sys

from mjstats.cli import deal, games, hand, match, odds, report, rules, score, warmup
from mjstats.cli._common import Parser, as_flags, command_flags

COMMANDS = (hand, odds, deal, score, rules, games, match, report, warmup)
"""The subcommand modules, in the order ``mjstats --help`` lists them."""


def build_parser() -> Parser:
    """The argument parser of the ``mjstats`` command."""
    from mjstats import __version__

    p = Parser(prog="mjstats", description="Statistics for regional Chinese mahjong and Da Er.")
    p.add_argument("--version", action="version", version=f"mjstats {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    for command in COMMANDS:
        command.register(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from mjstats.errors import MjStatsError

    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, or a bad argument (one line on stderr)
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    from mjstats._compiling import spinner

    try:
        with spinner(not getattr(args, "quiet", False)):  # --quiet: no spinner while compiling
            return int(args.func(args) or 0)
    except MjStatsError as e:
        parser = getattr(args, "command_parser", None)  # set by every command (add_command)
        message = str(e) if parser is None else as_flags(str(e), command_flags(parser))
        print(f"mjstats: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into head & co.
        sys.stderr.close()
        return 0
    except OSError as e:  # a path the system refuses (disk full, permissions ...)
        where = f" ({e.filename})" if e.filename else ""
        print(f"mjstats: error: {e.strerror or e}{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:
        print(f"mjstats: {str(e) or 'interrupted'}", file=sys.stderr)  # Ctrl-C: no message
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
