"""Rule sets as data: a frozen definition, switches with defaults, a registry by name.

A :class:`RuleSet` is one region's scoring written as data.  Its pattern table
lives in numpy arrays indexed by the rule family's pattern enum (an
:class:`~enum.IntEnum`), each pattern carrying its Chinese name next to the
English one.  Variants are one definition plus switches: ``rules("sichuan",
cap=16, zimo="fan")`` rebuilds the Sichuan table with two switches changed.

The kernels in :mod:`mjstats.scoring` never see Python objects: a rule set hands
them :attr:`RuleSet.kernel_args`, a ``NamedTuple`` of the value array and an
``int64`` array of kernel parameters.  That array is bound to the kernels by
name, never by the text order of a family's ``SWITCHES``: its layout
(:func:`kernel_layout`) is the rule-set facts of :data:`KERNEL_FACTS` followed by
the family's switch names in sorted order, and a kernel reads a value at the
slot :func:`kernel_slot` computes from its name at import (a module global, a
compile-time constant for numba).  A switch with string choices is coded per
switch (:meth:`Switch.code`: the value's index in that switch's own
``choices``), so kernels compare against :func:`switch_code` constants, never
bare literals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

import numpy as np

from mjstats.errors import RuleError
from mjstats.tiles import TileSet


class Family(IntEnum):
    """Scoring families; each has its own kernel in :mod:`mjstats.scoring.kernels`."""

    SICHUAN = 0
    GUANGAN = 1
    LIUZHOU = 2


@dataclass(frozen=True)
class Switch:
    """One regional option of a rule set.

    Attributes
    ----------
    name : str
        Keyword used in ``rules(name, **switches)``.
    default : object
        Value when not given.
    choices : tuple
        Allowed values.
    doc : str
        What it changes, with the seed line it rests on.
    fixed : tuple
        ``(other, value, this)``: when switch ``other`` is ``value`` this switch is
        ``this`` whatever is asked (the app table always counts 带幺九): :func:`rules`
        sets it so and refuses another value asked for it, also alongside ``other``
        (a value a rule set only carries over, :meth:`RuleSet.with_switches`, is
        replaced quietly).  Empty: always free.
    """

    name: str
    default: Any
    choices: tuple
    doc: str
    fixed: tuple = ()

    def code(self, value: Any) -> int:
        """Kernel code of one value of this switch.

        Bools and ints are themselves, ``None`` is 0, and a string is its index in
        this switch's own :attr:`choices` (two switches sharing a choice name code
        it independently).

        Examples
        --------
        >>> s = Switch("zimo", "di", ("di", "fan", "none"), "")
        >>> s.code("fan"), Switch("cap", 8, (8, 16, None), "").code(None)
        (1, 0)
        """
        if value is None:
            return 0
        if isinstance(value, bool | int | np.integer):
            return int(value)
        if isinstance(value, str) and value in self.choices:
            return self.choices.index(value)
        raise RuleError(
            f"switch {self.name!r} takes one of {list(self.choices)}, got {value!r}"
        )


KERNEL_FACTS = ("missing_suit",)
"""Rule-set facts at the head of the kernel parameter array, the same slots in every
family: ``missing_suit`` (1 when a winning hand must lack a suit, 定缺 / 必缺一门)."""


def kernel_layout(switches: Iterable[Switch]) -> tuple[str, ...]:
    """Names of the kernel parameter array's slots for a family's switches.

    :data:`KERNEL_FACTS` first, then the switch names sorted: the layout depends
    on the names alone, never on the order in which ``SWITCHES`` is written.

    Examples
    --------
    >>> kernel_layout([Switch("zimo", 0, (0, 1), ""), Switch("cap", 8, (8,), "")])
    ('missing_suit', 'cap', 'zimo')
    """
    names = [s.name for s in switches]
    clash = set(names) & set(KERNEL_FACTS)
    if clash or len(set(names)) != len(names):
        raise RuleError(f"switch names must be unique and differ from {KERNEL_FACTS}: {names}")
    return KERNEL_FACTS + tuple(sorted(names))


def kernel_slot(switches: Iterable[Switch], name: str) -> int:
    """Slot of a switch (or a :data:`KERNEL_FACTS` fact) in the kernel parameter array.

    Examples
    --------
    >>> from mjstats.rules.sichuan import SWITCHES
    >>> kernel_slot(SWITCHES, "missing_suit"), kernel_layout(SWITCHES)[kernel_slot(SWITCHES, "cap")]
    (0, 'cap')
    """
    layout = kernel_layout(switches)
    if name not in layout:
        raise RuleError(f"no kernel slot {name!r}; slots: {', '.join(layout)}")
    return layout.index(name)


def switch_code(switches: Iterable[Switch], name: str, value: Any) -> int:
    """Kernel code of ``value`` for the switch called ``name`` (see :meth:`Switch.code`).

    Examples
    --------
    >>> from mjstats.rules.sichuan import SWITCHES
    >>> switch_code(SWITCHES, "zimo", "fan"), switch_code(SWITCHES, "dianganghua", "zimo")
    (1, 0)
    """
    for s in switches:
        if s.name == name:
            return s.code(value)
    raise RuleError(f"no switch {name!r}; switches: {', '.join(s.name for s in switches)}")


@dataclass(frozen=True)
class PatternInfo:
    """A scoring pattern: names and how its value combines.

    Attributes
    ----------
    key : str
        Enum member name.
    zh, en : str
        Chinese (seed) and English names.
    combine : {"add", "mul", "base", "flag"}
        ``add``: value added once per count; ``mul``: the total is multiplied by
        the value once per count; ``base``: a Sichuan 格 (the hand takes the
        largest); ``flag``: recorded, worth nothing by itself.
    """

    key: str
    zh: str
    en: str
    combine: str


class KernelRules(NamedTuple):
    """What a scoring kernel reads from a rule set."""

    family: int
    values: np.ndarray  # int64, indexed by the family's pattern enum
    switches: np.ndarray  # int64, laid out by kernel_layout: facts, then switches by name


@dataclass(frozen=True)
class RuleSet:
    """A regional rule set: tile set, switches, pattern table.

    Attributes
    ----------
    name : str
        Registry name (``"sichuan"``, ``"sichuan-app"``, ``"guangan"``, ``"liuzhou"``).
    name_zh : str
        Chinese name.
    family : Family
        Which scoring kernel applies.
    tileset : TileSet
        Tiles in play.
    unit : str
        Unit of :attr:`mjstats.scoring.Score.total` (``"倍"``, ``"颗"``, ``"分"``).
    chow : bool
        Whether chows (吃) are allowed.
    missing_suit : bool
        Whether a winning hand must lack a suit (定缺 / 必缺一门).
    patterns : type[IntEnum]
        The family's pattern enum.
    info : tuple of PatternInfo
        Names and combination of each pattern, in enum order.
    values : numpy.ndarray
        ``int64`` value of each pattern (0 = not scored under these switches).
    switches : Mapping
        Switch name -> value, every switch of the family (defaults filled in).
    """

    name: str
    name_zh: str
    family: Family
    tileset: TileSet
    unit: str
    chow: bool
    missing_suit: bool
    patterns: type[IntEnum]
    info: tuple[PatternInfo, ...]
    values: np.ndarray = field(repr=False)
    switches: Mapping[str, Any] = field(default_factory=dict)
    kernel_args: KernelRules = field(init=False, repr=False, compare=False)
    game: ClassVar[str] = "mahjong"
    """The game: every verb (score, simulate, deal study ...) dispatches on it."""

    def __post_init__(self) -> None:
        vals = np.asarray(self.values, dtype=np.int64).copy()
        vals.setflags(write=False)
        object.__setattr__(self, "values", vals)
        object.__setattr__(self, "switches", MappingProxyType(dict(self.switches)))
        sw = np.array(_kernel_params(self), dtype=np.int64)
        sw.setflags(write=False)
        object.__setattr__(self, "kernel_args", KernelRules(int(self.family), vals, sw))

    def value(self, pattern: str | int) -> int:
        """Value of one pattern, by enum member, index, key or Chinese name.

        Examples
        --------
        >>> from mjstats.rules import rules
        >>> rules("sichuan").value("清七对")
        16
        """
        return int(self.values[self._index(pattern)])

    def _index(self, pattern: str | int) -> int:
        if isinstance(pattern, str):
            for i, p in enumerate(self.info):
                if pattern in (p.key, p.zh, p.en):
                    return i
            raise RuleError(
                f"rule set {self.name!r} has no pattern {pattern!r}; patterns: "
                + ", ".join(p.zh for p in self.info)
            )
        return int(pattern)

    def table(self):
        """Pattern table as a ``pandas.DataFrame`` (zh, en, combine, value).

        Examples
        --------
        >>> from mjstats.rules import rules
        >>> t = rules("guangan").table()
        >>> int(t.set_index("en").loc["self-drawn", "value"])
        1
        """
        import pandas as pd

        return pd.DataFrame(
            {
                "key": [p.key for p in self.info],
                "zh": [p.zh for p in self.info],
                "en": [p.en for p in self.info],
                "combine": [p.combine for p in self.info],
                "value": self.values.tolist(),
            }
        )

    @property
    def switch_names(self) -> tuple[str, ...]:
        """The names of the switches ``rules(name, ...)`` takes for this preset."""
        return tuple(self.switches)

    def with_switches(self, **switches: Any) -> RuleSet:
        """The same preset with some switches changed (see :func:`rules`)."""
        return _built(_preset(self.name), switches, carried=self.switches)

    def __str__(self) -> str:
        sw = ", ".join(f"{k}={v!r}" for k, v in self.switches.items())
        return f"{self.name} ({self.name_zh}, {self.tileset.n_tiles} tiles, {self.unit}): {sw}"


def _kernel_params(R: RuleSet) -> list[int]:
    """Values of the kernel parameter array of ``R``, slot by slot (:func:`kernel_layout`)."""
    switches = family_switches(R.family)
    by_name = {s.name: s for s in switches}
    facts = {"missing_suit": 1 if R.missing_suit else 0}
    return [facts[n] if n in facts else by_name[n].code(R.switches[n])
            for n in kernel_layout(switches)]


_FAMILY_SWITCHES: dict[Family, tuple[Switch, ...]] = {}
"""The switches each family's kernel reads (filled by :func:`register_family`)."""


def register_family(family: Family, switches: tuple[Switch, ...]) -> None:
    """Declare the switches of a family: every preset of it has them, its kernel reads them."""
    kernel_layout(switches)  # names unique, no clash with a fact
    _FAMILY_SWITCHES[family] = tuple(switches)


def family_switches(family: Family) -> tuple[Switch, ...]:
    """The switches of a family (:func:`register_family`), by which its kernel is bound."""
    if family not in _FAMILY_SWITCHES:  # the region modules register on import of mjstats.rules
        raise RuleError(f"family {family!r} has no switches: register_family() declares them")
    return _FAMILY_SWITCHES[family]


@dataclass(frozen=True)
class _Preset:
    name: str
    family: Family
    build: Callable[..., RuleSet]
    switches: tuple[Switch, ...]
    overrides: Mapping[str, Any]
    doc: str


_REGISTRY: dict[str, _Preset] = {}
"""Presets by name.  Each region module registers its presets when imported, and the
package ``mjstats.rules`` imports every region module, so the registry is full as
soon as any module of the package is imported (this module imports no region)."""


def register(
    name: str,
    family: Family,
    build: Callable[..., RuleSet],
    switches: tuple[Switch, ...],
    doc: str,
    overrides: Mapping[str, Any] | None = None,
) -> None:
    """Add a preset: ``build(name, **switch_values)`` makes the :class:`RuleSet`.

    The family must be declared first (:func:`register_family`); a preset offers
    at least the family's switches (more only where its ``build`` reads them).
    """
    if family not in _FAMILY_SWITCHES:
        raise RuleError(f"register_family({family!r}, ...) must come before preset {name!r}")
    missing = {s.name for s in _FAMILY_SWITCHES[family]} - {s.name for s in switches}
    if missing:
        raise RuleError(f"preset {name!r} lacks switches of its family: {sorted(missing)}")
    _REGISTRY[name] = _Preset(name, family, build, switches, dict(overrides or {}), doc)


_DEFAULTS: dict[str, tuple[_Preset, RuleSet]] = {}
"""Each preset as registered, built once (a rule set is immutable): ``rules(name)`` is cheap."""


def _preset(name: str) -> _Preset:
    key = str(name).lower().replace("_", "-")
    if key not in _REGISTRY:
        raise RuleError(f"unknown rule set {name!r}; valid names: {', '.join(_ordered())}")
    return _REGISTRY[key]


def rules(name: str | RuleSet = "sichuan", **switches: Any) -> RuleSet:
    """Return a rule set by name, with switches changed from their defaults.

    Parameters
    ----------
    name : str or RuleSet
        ``"sichuan"`` (Chengdu multiplier table), ``"sichuan-app"`` (the app table
        in 番), ``"guangan"`` (颗) or ``"liuzhou"`` (分).  A :class:`RuleSet` is
        returned as is when no switch is given.
    **switches
        Regional options; :func:`describe_rules` lists them with defaults.

    Raises
    ------
    RuleError
        Unknown name, unknown switch or a value outside the switch's choices;
        the message lists the valid ones.

    Examples
    --------
    >>> r = rules("sichuan", cap=16, zimo="fan")
    >>> r.switches["cap"], r.switches["zimo"], r.unit
    (16, 'fan', '倍')
    >>> rules("sichuan-app").value("龙七对")
    16
    """
    if isinstance(name, RuleSet):
        if not switches:
            return name
        return name.with_switches(**switches)
    p = _preset(name)
    if not switches:
        built = _DEFAULTS.get(p.name)
        if built is None or built[0] is not p:  # (re)registered: build anew
            built = _DEFAULTS[p.name] = (p, p.build(p.name, **{
                s.name: p.overrides.get(s.name, s.default) for s in p.switches}))
        return built[1]
    return _built(p, switches)


def _built(p: _Preset, asked: Mapping[str, Any],
           carried: Mapping[str, Any] | None = None) -> RuleSet:
    """Preset ``p`` with the ``asked`` switches, the others its own or ``carried`` ones.

    ``carried``: the switches of a rule set of this preset (:meth:`RuleSet.with_switches`).
    Every asked switch is checked; a switch another one fixes (:attr:`Switch.fixed`)
    takes the fixed value, and asking it for another value is a ``RuleError``
    (a value only carried over is replaced quietly).
    """
    valid = {s.name: s for s in p.switches}
    values = {s.name: p.overrides.get(s.name, s.default) for s in p.switches}
    values.update({k: v for k, v in (carried or {}).items() if k in valid})
    for key, val in asked.items():
        if isinstance(val, np.bool_):
            val = bool(val)
        elif isinstance(val, np.integer):
            val = int(val)
        if key not in valid:
            raise RuleError(
                f"rule set {p.name!r} has no switch {key!r}; valid switches: {', '.join(valid)}"
            )
        s = valid[key]
        if val not in s.choices or type(val) is not type(_match(val, s.choices)):
            raise RuleError(
                f"switch {key!r} of {p.name!r} takes one of {list(s.choices)}, got {val!r}"
            )
        values[key] = val
    for s in p.switches:
        if s.fixed and values[s.fixed[0]] == s.fixed[1]:
            other, value, this = s.fixed
            if s.name in asked and values[s.name] != this:
                raise RuleError(
                    f"switch {s.name!r} of {p.name!r} is {this!r} whenever switch {other!r} is "
                    f"{value!r} ({s.doc}); got {values[s.name]!r}"
                )
            values[s.name] = this
    return p.build(p.name, **values)


def _match(val: Any, choices: tuple) -> Any:
    for c in choices:
        if c == val and type(c) is type(val):
            return c
    for c in choices:
        if c == val:
            return c
    return val


def describe_rules(name: str | RuleSet | None = None):
    """Rule sets and their switches as a ``pandas.DataFrame``.

    Columns: ``rule_set``, ``switch``, ``default`` (the preset's value), ``value``
    (the value in force: a :class:`RuleSet` given with switches changed shows
    them; a name, its preset's), ``choices``, ``doc``.

    Examples
    --------
    >>> d = describe_rules()
    >>> sorted(d["rule_set"].unique())
    ['guangan', 'liuzhou', 'sichuan', 'sichuan-app']
    >>> d.query("rule_set == 'sichuan' and switch == 'cap'")["default"].item()
    8
    """
    import pandas as pd

    rows = []
    names = [_preset(getattr(name, "name", name)).name] if name is not None else _ordered()
    in_force = name.switches if isinstance(name, RuleSet) else {}
    for n in names:
        p = _REGISTRY[n]
        for s in p.switches:
            default = p.overrides.get(s.name, s.default)
            rows.append(
                {
                    "rule_set": n,
                    "switch": s.name,
                    "default": default,
                    "value": in_force.get(s.name, default),
                    "choices": list(s.choices),
                    "doc": s.doc,
                }
            )
    return pd.DataFrame(rows, columns=["rule_set", "switch", "default", "value", "choices",
                                       "doc"])


def rule_set_names() -> list[str]:
    """Registered rule set names.

    Examples
    --------
    >>> rule_set_names()
    ['sichuan', 'sichuan-app', 'guangan', 'liuzhou']
    """
    return _ordered()


_ORDER = ("sichuan", "sichuan-app", "guangan", "liuzhou")


def _ordered() -> list[str]:
    return [n for n in _ORDER if n in _REGISTRY] + [n for n in _REGISTRY if n not in _ORDER]
