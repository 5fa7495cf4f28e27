"""What several subcommands share: the rule-set argument with ``--set``, the run options."""

from __future__ import annotations

import argparse
import re
import sys

RULES_HELP = ("a rule set: sichuan, sichuan-app, guangan, liuzhou, daer-luzhou, "
              "daer-luzhou-mingtang, daer-chongqing ('mjstats rules' lists their switches)")


class _Help(argparse.HelpFormatter):
    """Help that shows each option's default, unless it is None/False or the help says it."""

    def _get_help_string(self, action):
        text = action.help or ""
        if ("default" in text or action.default in (None, False, argparse.SUPPRESS)
                or not action.option_strings):
            return text
        return f"{text} (default: %(default)s)"


class _Store(argparse._StoreAction):
    """argparse's ``store``, except that a list option given again adds its values.

    ``--set cap=16 --set zimo=fan`` is ``--set cap=16 zimo=fan``: a second
    ``--set`` (``--bots``, ``--melds`` ...) no longer replaces the first one's
    values; the default stands only while the option is not given.
    """

    def __call__(self, parser, namespace, values, option_string=None):
        if self.nargs in ("*", "+") and option_string is not None:
            old = getattr(namespace, self.dest, None)
            if isinstance(old, list) and old is not self.default:
                values = [*old, *values]
        setattr(namespace, self.dest, values)


class Parser(argparse.ArgumentParser):
    """An argument parser with one-line errors (``mjstats: error: ...``) and defaults in help.

    A list option may be given more than once, its values adding up (:class:`_Store`).

    >>> p = Parser(prog="x")
    >>> _ = p.add_argument("--set", nargs="*", default=[])
    >>> _ = p.add_argument("--bots", nargs="+", default=["efficiency"])
    >>> a = p.parse_args(["--set", "cap=16", "--set", "zimo=fan",
    ...                   "--bots", "ev", "--bots", "value"])
    >>> a.set, a.bots, p.parse_args([]).bots
    (['cap=16', 'zimo=fan'], ['ev', 'value'], ['efficiency'])
    """

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)
        self.register("action", None, _Store)
        self.register("action", "store", _Store)

    def error(self, message: str):
        """Print ``mjstats: error: MESSAGE`` on one line and exit with status 2."""
        self.exit(2, f"mjstats: error: {message} (see '{self.prog} --help')\n")


def add_command(sub, name: str, text: str, func) -> argparse.ArgumentParser:
    """A subcommand whose one-line help is also its description.

    The parser is kept on the parsed arguments (``command_parser``), so that the
    command's errors can name its flags (:func:`command_flags`).
    """
    p = sub.add_parser(name, help=text, description=text)
    p.set_defaults(func=func, command_parser=p)
    return p


def command_flags(parser: argparse.ArgumentParser) -> list[tuple[str, str, str | None]]:
    """The ``(flag, keyword, off)`` triples of :func:`as_flags` for a command's options.

    The keyword is the option's name in the parsed arguments, the API's keyword
    it passes (``--max-states``: ``max_states``); an on/off pair
    (``--self-draw/--no-self-draw``) and a switch that turns a keyword off
    (``--no-improve``: ``improve=False``) write ``keyword=False`` as their
    ``--no-`` flag.  An option may name other keywords of the API it stands
    for (``api_keywords``, set on its action: ``mjstats score``'s ``--last-tile``
    is Da Er's ``last_card``).

    >>> p = Parser(prog="x")
    >>> _ = p.add_argument("--max-states", type=int)
    >>> _ = p.add_argument("--no-improve", action="store_true")
    >>> _ = p.add_argument("--self-draw", action=argparse.BooleanOptionalAction)
    >>> for triple in command_flags(p):
    ...     print(triple)
    ('--max-states', 'max_states', None)
    ('--no-improve', 'improve', '--no-improve')
    ('--self-draw', 'self_draw', '--no-self-draw')
    """
    out = []
    for a in parser._actions:
        longs = [o for o in a.option_strings if o.startswith("--")]
        if not longs or a.dest in (argparse.SUPPRESS, "help"):
            continue
        if isinstance(a, argparse.BooleanOptionalAction):
            out.append((longs[0], a.dest, longs[-1]))
        elif a.nargs == 0 and a.const is True and a.dest.startswith("no_"):  # --no-X
            out.append((longs[0], a.dest[3:], longs[0]))
        else:
            out.append((longs[0], a.dest, None))
        out.extend((longs[0], kw, None) for kw in getattr(a, "api_keywords", ()))
    return out


def names(texts: list[str]) -> list[str]:
    """Names given apart or comma-separated (``--bots ev value`` or ``ev,value``), as one list.

    >>> names(["ev,efficiency", " value "])
    ['ev', 'efficiency', 'value']
    """
    return [name.strip() for text in texts for name in text.split(",") if name.strip()]


def switch_text(text: str) -> str:
    """An argument of ``--set``: ``NAME=VALUE``, refused at once otherwise.

    Refused while the command line is read, so that a hand given after ``--set``
    (which takes every word up to the next option) is named as such, not reported
    missing.

    >>> switch_text("cap=16")
    'cap=16'
    >>> switch_text("1112345678999m")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a switch is written NAME=VALUE (e.g. cap=16), got ...
    """
    name, eq, _ = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(
            f"a switch is written NAME=VALUE (e.g. cap=16), got {text!r}; a hand or other "
            f"argument goes before --set, which takes every word up to the next option")
    return text


def add_set_argument(p: argparse.ArgumentParser) -> None:
    """``--set SWITCH=VALUE ...``: rule switches for the rule set given by ``--rules``."""
    p.add_argument("--set", nargs="*", default=[], metavar="SWITCH=VALUE", type=switch_text,
                   help="rule switches, e.g. cap=16 zimo=fan, fan_points=5,8,12,16,24 "
                        "(see 'mjstats rules NAME')")


def rules_arg(name: str, sets: list[str]):
    """The rule set ``name`` (either game) with the ``--set`` switches."""
    import mjstats as mj
    from mjstats.errors import RuleError

    switches: dict = {}
    for text in sets:
        key, value = parse_switch(text)
        if key in switches:
            raise RuleError(f"--set names switch {key!r} twice")
        switches[key] = value
    return mj.rules(name, **switches)


def parse_switch(text: str):
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


def add_run_arguments(p: argparse.ArgumentParser, what: str) -> None:
    """``--out DIR``, ``--resume``, ``--dask`` and ``--quiet`` of a chunked run of ``what``."""
    p.add_argument("--out", default=None, metavar="DIR",
                   help=f"the run folder: each finished chunk of {what} is saved here at once "
                        f"(Parquet + manifest.json; docs/durability.md)")
    p.add_argument("--resume", action="store_true",
                   help="finish the interrupted run saved in --out (same numbers; without "
                        "--seed, the seed it saved)")
    p.add_argument("--dask", default=None, metavar="ADDRESS",
                   help="run the chunks on a Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def announce_seed(args, folder: str = "out") -> None:
    """A run saved in a folder without ``--seed`` draws its seed now and says so.

    The drawn seed is set on ``args`` (and saved in the run's manifest), and
    one line on standard error gives the exact command that finishes the run
    if it is interrupted (``--resume`` alone also reuses the saved seed).
    """
    import shlex

    import numpy as np

    from mjstats.runfolder import RunFolderError, held_run, writable_folder

    where = getattr(args, folder, None)
    if args.seed is not None or where is None or getattr(args, "resume", False):
        return
    writable_folder(where, "run folder")  # a bad folder is reported first, and alone
    held = held_run(where)
    if held is not None:  # a seed drawn now is another run: refused before it is announced
        raise RunFolderError(f"{where} already holds a run ({held.relative_to(where)}); "
                             f"pass --resume to finish it (its seed is saved), or use "
                             f"another folder")
    args.seed = int(np.random.SeedSequence().entropy)
    argv = list(getattr(args, "argv", None) or sys.argv[1:])
    cmd = shlex.join(["mjstats", *argv, "--seed", str(args.seed), "--resume"])
    print(f"mjstats: no --seed given; this run uses --seed {args.seed} (saved in {where}); "
          f"if it is interrupted, finish it with: {cmd}", file=sys.stderr, flush=True)


def print_tables(sections) -> None:
    """Print ``(title, DataFrame)`` pairs as ``== title ==`` blocks."""
    from mjstats._format import table_text

    for title, table in sections:
        print(f"== {title} ==")
        print(table_text(table))
        print()


def as_flags(message: str, flags) -> str:
    """``message`` of the API with its keywords written as a command's flags.

    ``flags``: ``(flag, keyword, off)`` triples, ``off`` the text of ``keyword=False``
    (``None``: ``no FLAG``).  ``keyword=True`` becomes the flag (``without FLAG`` for
    a switch that turns the keyword off, ``off`` equal to ``flag``), ``keyword=None``
    ``without FLAG``, ``keyword=VALUE`` ``FLAG VALUE`` (not a call such as
    ``rules=mj.rules(...)``), a keyword that opens the message as its subject
    (before ``must``, ``is`` or a parenthesis) the flag, and a keyword with an
    underscore (never a plain word) the flag wherever it stands.  Anything else
    is left as it is: a plain word elsewhere, or a path that opens the message
    (``out holds a different run``).  A message already rewritten comes out the same.

    >>> as_flags("draws=200 but only 94 tiles are unseen", [("--draws", "draws", None)])
    '--draws 200 but only 94 tiles are unseen'
    >>> as_flags("max_states must be at least 1, got 0; or a larger max_states",
    ...          [("--max-states", "max_states", None)])
    '--max-states must be at least 1, got 0; or a larger --max-states'
    >>> as_flags("pass dealer=False, not improve=False",
    ...          [("--dealer", "dealer", None), ("--no-improve", "improve", "--no-improve")])
    'pass no --dealer, not --no-improve'
    >>> as_flags("improve=True searches more", [("--no-improve", "improve", "--no-improve")])
    'without --no-improve searches more'
    >>> flags = [("--out", "out", None), ("--rules", "rules", None)]
    >>> as_flags("out holds a different run; give rules=NAME, or rules=None", flags)
    'out holds a different run; give --rules NAME, or without --rules'
    >>> as_flags(as_flags("max_states must be >= 1", [("--max-states", "max_states", None)]),
    ...          [("--max-states", "max_states", None)])
    '--max-states must be >= 1'
    """
    for flag, kw, off in flags:
        on = f"without {flag}" if off == flag else flag
        message = re.sub(rf"(?<![\w-]){kw}=True\b", on, message)
        message = re.sub(rf"(?<![\w-]){kw}=False\b", off or f"no {flag}", message)
        message = re.sub(rf"(?<![\w-]){kw}=None\b", f"without {flag}", message)
        message = re.sub(rf"(?<![\w-]){kw}=(?=[\w'\"+-])(?![\w.]*\()", f"{flag} ", message)
        message = re.sub(rf"^{kw}(?= must\b| is\b| \()", flag, message)
        if "_" in kw:
            message = re.sub(rf"(?<![\w-]){kw}\b", flag, message)
    return message
