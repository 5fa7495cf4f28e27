"""``mjstats score``: a finished hand scored under any rule set (中文 + English)."""

from __future__ import annotations

import argparse

from mjstats.cli._common import RULES_HELP, add_command, add_set_argument, rules_arg

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


def _meld_text(text: str) -> str:
    """An argument of ``--melds``: it opens with a meld word of either game, else refused.

    So that a hand given after ``--melds`` (which takes every word up to the next
    option) is named as such, not reported missing; the meld itself is read by
    the scorer of the rule set.
    """
    from mjstats.daer.groups import _VERBS
    from mjstats.scoring.melds import _WORDS

    if not any(text.strip().lower().startswith(w) for w in (*_WORDS, *_VERBS)):
        hand = ("; a hand goes before --melds, which takes every word up to the next option"
                if len(text.split()) == 1 else "")  # one word: most likely the hand
        raise argparse.ArgumentTypeError(
            f"a meld opens with its word ('pong 2s', 'chi 一二三'), got {text!r}{hand}")
    return text


def register(sub) -> None:
    """Add ``mjstats score``."""
    p = add_command(sub, "score", "score a finished hand under a rule set (中文 + English)",
                    run)
    p.add_argument("hand", help="concealed tiles including the winning tile")
    p.add_argument("--melds", nargs="*", default=[], type=_meld_text,
                   help="exposed melds: 'pong 2s' 'kong 5m' 'addkong 5m' 'ckong 7s' 'chow 345m' "
                        "(Da Er: 'pong 柒' 'zhao 三' 'long 十' 'chi 一二三')")
    p.add_argument("--win", required=True, help="the winning tile")
    p.add_argument("--rules", default="sichuan", help=RULES_HELP)
    p.add_argument("--self-draw", action=argparse.BooleanOptionalAction, default=None,
                   help="won on a self-draw (自摸), or not (--no-self-draw); default as "
                        "mj.score: a discard win in mahjong, self-drawn in Da Er")
    for flag, mahjong, daer, text in _SCORE_FLAGS:
        action = p.add_argument(flag, action="store_true", help=text)
        # a game's own name for the flag (Da Er's last_card): its errors say the flag too
        action.api_keywords = tuple({mahjong, daer} - {None, action.dest})
    add_set_argument(p)


def run(args) -> int:
    """Score ``args.hand`` and print the score (exit 1: a Da Er hand that does not win)."""
    import mjstats as mj
    from mjstats.errors import RuleError

    rules = rules_arg(args.rules, args.set)
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
