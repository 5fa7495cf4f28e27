"""Checks of plain arguments shared by the public functions: flags, counts, seats.

Each check returns the value in its plain Python type or raises an error of
:mod:`mjstats.errors` that names the argument, what it got and what it expects,
so that no input is silently misread (``self_draw="False"`` is not a self-draw,
``games=2.7`` is not two games, ``True`` is not a tile).
"""

from __future__ import annotations

import numbers

import numpy as np

from mjstats.errors import HandError, MjStatsError


def is_int(value) -> bool:
    """Whether ``value`` is an integer (Python or numpy) and not a ``bool``.

    Examples
    --------
    >>> is_int(3), is_int(np.int8(3)), is_int(True), is_int(3.0)
    (True, True, False, False)
    """
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


def flag(value, name: str, error: type[MjStatsError] = MjStatsError) -> bool:
    """``value`` as a ``bool``; only ``bool`` and ``numpy.bool_`` are flags.

    Examples
    --------
    >>> flag(np.bool_(True), "self_draw")
    True
    >>> flag("False", "self_draw")
    Traceback (most recent call last):
    ...
    mjstats.errors.MjStatsError: self_draw must be True or False (a bool), got 'False' (str)
    """
    if value is True or value is False:
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    raise error(f"{name} must be True or False (a bool), got {value!r} ({type(value).__name__})")


def count(value, name: str, *, minimum: int = 0, maximum: int | None = None,
          default: int | None = None, hint: str = "",
          error: type[MjStatsError] = MjStatsError) -> int:
    """``value`` as an ``int`` between ``minimum`` and ``maximum``.

    An integral float (``100.0``) is accepted; a non-integral float, a ``bool``,
    a string or any other type is an error.  ``None`` gives ``default`` when one
    is set and is an error otherwise.  ``hint`` is added to a range error.

    Examples
    --------
    >>> count(100.0, "games"), count(None, "games", default=10)
    (100, 10)
    >>> count(2.7, "games")
    Traceback (most recent call last):
    ...
    mjstats.errors.MjStatsError: games must be a whole number, got 2.7
    """
    if value is None and default is not None:
        return default
    if type(value) is int:  # the common case first: a plain int (a bool's type is bool)
        n = value
    elif is_int(value):
        n = int(value)
    elif isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_):
        if not float(value).is_integer():
            raise error(f"{name} must be a whole number, got {value!r}")
        n = int(value)
    else:
        raise error(f"{name} must be an integer, got {value!r} ({type(value).__name__})")
    if n < minimum:
        raise error(f"{name} must be at least {minimum}, got {n}" + (f"; {hint}" if hint else ""))
    if maximum is not None and n > maximum:
        raise error(f"{name} must be at most {maximum:,}, got {n:,}"
                    + (f"; {hint}" if hint else ""))
    return n


def seat(value, name: str, seats: int, error: type[MjStatsError] = MjStatsError) -> int:
    """``value`` as a seat number ``0 .. seats - 1`` (an integer, not a ``bool``).

    Examples
    --------
    >>> seat(2, "winner", 4)
    2
    """
    if not is_int(value):
        raise error(f"{name} must be a seat number (int), got {value!r} "
                    f"({type(value).__name__})")
    if not 0 <= int(value) < seats:
        raise error(f"{name} seat {int(value)} is not at a {seats}-seat table "
                    f"(seats 0-{seats - 1})")
    return int(value)


def meld_list(melds, example: str) -> list:
    """The exposed melds as a list: ``None`` is none, a string is split at ``,``/``;``.

    Anything else but a list or tuple raises :class:`~mjstats.errors.NotationError`
    showing ``example`` (the game's meld notation).

    Examples
    --------
    >>> meld_list("pong 2s; kong 5m", "['pong 2s']"), meld_list(None, "")
    (['pong 2s', ' kong 5m'], [])
    """
    from mjstats.errors import NotationError

    if melds is None:
        return []
    if isinstance(melds, str):
        melds = [m for m in melds.replace(";", ",").split(",") if m.strip()]
    if not isinstance(melds, list | tuple):
        raise NotationError(f"melds is a list of melds such as {example}, got {melds!r} "
                            f"({type(melds).__name__})")
    return list(melds)


def interval_level(conf) -> float:
    """``conf`` as the level of an interval: a number strictly between 0 and 1.

    >>> interval_level(0.9)
    0.9
    >>> interval_level(True)
    Traceback (most recent call last):
    ...
    mjstats.errors.MjStatsError: conf is an interval level between 0 and 1, got True
    """
    if isinstance(conf, bool | np.bool_) or not isinstance(conf, numbers.Real) \
            or not 0 < conf < 1:
        raise MjStatsError(f"conf is an interval level between 0 and 1, got {conf!r}")
    return float(conf)


def described(value) -> str:
    """A value that is not what was asked, in a few words for an error message.

    An array (or a list or tuple, as numpy reads it) by its shape and dtype and,
    when negative, its smallest entry, not by its values; anything else by its
    ``repr`` and type.

    Examples
    --------
    >>> described(np.zeros(33, np.int8)), described(None)
    ('an array of shape (33,) and dtype int8', 'None (NoneType)')
    >>> described(np.array([1, -2]))
    'an array of shape (2,) and dtype int64 holding -2'
    """
    if isinstance(value, np.ndarray | list | tuple) or (hasattr(value, "shape")
                                                        and hasattr(value, "dtype")):
        arr = np.asarray(value)  # a pandas Series too: its shape, not its many-line repr
        low = (f" holding {arr.min()}" if arr.size and arr.dtype.kind in "iuf" and arr.min() < 0
               else "")
        return f"an array of shape {arr.shape} and dtype {arr.dtype}{low}"
    return f"{value!r} ({type(value).__name__})"


def count_vector(value, n_kinds: int, copies: int, name, what: str = "a hand",
                 unreadable: type[MjStatsError] = HandError,
                 notation: str | None = None) -> np.ndarray:
    """``value`` as a count vector of ``n_kinds`` kinds (``int8``, 0 to ``copies`` each).

    ``name(k)`` names kind ``k`` in the message, ``what`` the thing checked.  The
    first fault is named: a shape or a dtype that is not an integer one raises
    ``unreadable`` (:class:`~mjstats.errors.HandError` unless given), a negative count
    or a fifth copy a ``HandError``.  ``notation``: an example of the notation
    also taken, which the message on a shape then shows.

    Examples
    --------
    >>> count_vector([0] * 33 + [2], 34, 4, str).tolist()[-1]
    2
    >>> count_vector([5] + [0] * 33, 34, 4, lambda k: "1m")
    Traceback (most recent call last):
    ...
    mjstats.errors.HandError: a hand holds 5 copies of 1m; there are only 4
    """
    arr = np.asarray(value)
    if arr.shape != (n_kinds,):
        kind = f"is notation ({notation}) or a count vector of shape" if notation else "has shape"
        raise unreadable(f"{what} {kind} ({n_kinds},), got {described(value)}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise unreadable(f"a count vector holds integers, got dtype {arr.dtype}")
    if arr.min() < 0:
        k = int(np.argmin(arr))
        raise HandError(f"{what} has a negative count ({int(arr[k])}) of {name(k)}")
    if arr.max() > copies:
        k = int(np.argmax(arr))
        raise HandError(f"{what} holds {int(arr[k])} copies of {name(k)}; "
                        f"there are only {copies}")
    return arr.astype(np.int8)
