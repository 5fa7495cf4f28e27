"""What a user sees while numba compiles: a notice, an elapsed-time display, a clock.

Kernels come in *families*, each compiled the first time a public function that
uses it runs on a cold cache (:data:`FAMILIES`: the game engine, the odds
solver, Da Er's engine, the deal kernels, the batch and the per-hand kernels,
the scorers).  A kernel belongs to the family with the longest pattern that
matches its full name ``module.function``.

**Cold is numba's own answer.**  numba fires a ``numba:compile`` event only when
it compiles a kernel for argument types that neither this process nor the disk
cache holds; loading from the cache fires nothing.  The listener registered
here (when :mod:`mjstats._jit` is imported, that is before any kernel exists)
sees those events and nothing else, so a warm run costs nothing and prints
nothing.  numba compiles the kernels a kernel calls inside its own
compilation, so the outermost event names the family.  A process waiting for
a kernel that another process is compiling (:data:`WAIT`, sent by
:func:`mjstats._jit._compile_once`) is shown the same way.  Once a compilation has
run :data:`NOTICE_AFTER` seconds (shorter ones stay silent), the first time its
family compiles in the process, one line goes to standard error::

    mjstats: compiling the game engine (first run only, about 1 min)...

with the estimate from :data:`FAMILIES` (one table, measured on the 2-core
reference machine).  Then, every :data:`TICK` seconds until the compilation
ends, the display on top of the stack (:func:`showing`) is told how long it has
run: by default an elapsed-time spinner on standard error, drawn only when
standard error is a terminal and the spinner is on (:func:`spinner`;
``--quiet`` turns it off); a run's progress bar shows it in its own line
instead and stops its rate clock meanwhile (:mod:`mjstats.runner`).  Nothing is
ever written to standard output.

:func:`compile_seconds` is the time this process has spent compiling mjstats
kernels.
"""

from __future__ import annotations

import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from fnmatch import fnmatchcase

from numba.core import event


@dataclass(frozen=True)
class Family:
    """A family of kernels compiled together, and what its cold compilation costs."""

    key: str
    """Short name (``mjstats warmup FAMILY``)."""
    what: str
    """What the notice calls it: ``"the game engine"``."""
    kernels: tuple[str, ...]
    """Patterns (:mod:`fnmatch`) of the full names ``module.function`` of its kernels."""
    seconds: int
    """Its cold compilation: processor seconds of its workload alone on an empty cache
    (``NUMBA_CACHE_DIR=$(mktemp -d) mjstats warmup KEY`` prints them) on the 2-core
    reference machine; the wall time is longer when other work shares the cores."""


FAMILIES: tuple[Family, ...] = (
    # each family alone on an empty cache, processor seconds (user + sys) of
    # NUMBA_CACHE_DIR=$(mktemp -d) /usr/bin/time mjstats warmup KEY, interpreter start included,
    # without mjstats._jit.separate (which takes about a quarter off the two engine families:
    # 121 and 127 s against 168 and 172 s in one `mjstats warmup` on the slowest instance)
    Family("ev", "the game engine with the ev bot", ("mjstats.sim.ev.*",), 100),
    Family("engine", "the game engine",
           ("mjstats.sim.engine.*", "mjstats.sim.bots.*", "mjstats.sim.duplicate.*",
            "mjstats.sim.rollouts.*", "mjstats.sim.advice.*"), 66),
    Family("odds", "the odds solver", ("mjstats.discard.*",), 25),
    Family("daer", "Da Er's engine", ("mjstats.daer.game.*", "mjstats.daer.bots.*",
                                      "mjstats.daer.duplicate.*"), 18),
    Family("deals", "the deal kernels",
           ("mjstats.sim.deals.*", "mjstats.study.*", "mjstats.exact.*", "mjstats.core.rng.*",
            "mjstats.daer.deal.*", "mjstats.daer.exact.*"), 17),
    Family("batch", "the batch hand kernels", ("mjstats.core.*._*_many",), 13),
    Family("scorer", "the scorers", ("mjstats.scoring.*", "mjstats.daer.hu.*",
                                     "mjstats.daer.scoring.*", "mjstats.daer.groups.*"), 10),
    Family("hand", "the hand kernels", ("mjstats.core.*",), 6),
)
"""Every kernel family, the longest cold compilation first."""


def family(name: str) -> Family | None:
    """The family of the kernel ``module.function`` (the longest matching pattern), or ``None``.

    Examples
    --------
    >>> family("mjstats.sim.engine._run_chunk").what
    'the game engine'
    >>> [family(f"mjstats.core.shanten.{f}").key for f in ("_shanten", "_shanten_many")]
    ['hand', 'batch']
    >>> family("numpy.linalg.solve") is None
    True
    """
    best, size = None, 0
    for f in FAMILIES:
        for pattern in f.kernels:
            if len(pattern) > size and fnmatchcase(name, pattern):
                best, size = f, len(pattern)
    return best


def about(seconds: float) -> str:
    """A rough duration: to 5 s under a minute, to half a minute above.

    Examples
    --------
    >>> about(14), about(95), about(270), about(300)
    ('about 15 s', 'about 1.5 min', 'about 4.5 min', 'about 5 min')
    """
    if seconds < 60:
        return f"about {max(5, 5 * round(seconds / 5))} s"
    return f"about {round(seconds / 30) / 2:g} min"


def notice_text(fam: Family) -> str:
    """The line printed the first time ``fam`` compiles in a process."""
    return f"mjstats: compiling {fam.what} (first run only, {about(fam.seconds)})..."


def clock(seconds: float) -> str:
    """``m:ss`` of an elapsed time.

    Examples
    --------
    >>> clock(83.4)
    '1:23'
    """
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d}"


class Display:
    """What shows a compilation; the one on top of the stack (:func:`showing`) is told.

    This one writes the notice to standard error and, with ``spinner``, draws an
    elapsed-time spinner there while a compilation runs, when standard error is
    a terminal and the spinner is on (:func:`spinner`).
    """

    def __init__(self, spinner: bool = True):
        self.spinner = spinner
        self._drawn = False

    def notice(self, text: str) -> None:
        """Print the one-line notice of a family's first compilation."""
        print(text, file=sys.stderr, flush=True)

    def begin(self, fam: Family) -> None:
        """A compilation of ``fam`` starts."""

    def tick(self, fam: Family, seconds: float) -> None:
        """``fam`` has been compiling for ``seconds`` (called every :data:`TICK` seconds)."""
        if self.spinner and _spinner_on():
            sys.stderr.write(f"\r  compiling {fam.what}: {clock(seconds)} "
                             f"({about(fam.seconds)} in all)")
            sys.stderr.flush()
            self._drawn = True

    def end(self, fam: Family, seconds: float) -> None:
        """The compilation of ``fam`` ended after ``seconds``."""
        if self._drawn:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            self._drawn = False


class Quiet(Display):
    """A display that shows nothing (the worker processes of ``mjstats warmup``)."""

    def __init__(self):
        super().__init__(spinner=False)

    def notice(self, text: str) -> None:  # noqa: D102
        pass


_displays: list[Display] = [Display()]
_spinner = [True]


@contextmanager
def spinner(on: bool):
    """Inside the block, draw the elapsed-time spinner on a terminal (``on``) or never."""
    before, _spinner[0] = _spinner[0], bool(on)
    try:
        yield
    finally:
        _spinner[0] = before


def _spinner_on() -> bool:
    return _spinner[0] and bool(getattr(sys.stderr, "isatty", lambda: False)())


@contextmanager
def showing(display: Display):
    """Let ``display`` show the compilations that start inside the block."""
    _displays.append(display)
    try:
        yield display
    finally:
        _displays.remove(display)


WAIT = "mjstats:compile-wait"
"""The event of a process waiting for a kernel that another process compiles
(:func:`mjstats._jit._compile_once`): shown as that family's compilation, not
counted in :func:`compile_seconds`."""

NOTICE_AFTER = 1.0
"""Seconds a compilation runs before its family's notice is printed (shorter ones are silent)."""

TICK = 1.0
"""Seconds between two ticks of a running compilation."""


class _Compiles(event.Listener):
    """Listens to numba's compile events: the notice, the ticks, the time spent."""

    def __init__(self):
        self.depth = 0
        self.seconds = 0.0
        self.announced: set[str] = set()
        self._run = None  # (family, display, start, stop event, watcher thread)

    def on_start(self, ev):
        self.depth += 1
        if self.depth > 1:
            return  # a kernel called by the one being compiled: part of its compilation
        fn = getattr(ev.data["dispatcher"], "py_func", None)
        fam = family(f"{getattr(fn, '__module__', '')}.{getattr(fn, '__qualname__', '')}")
        if fam is None:
            return
        show = _displays[-1]
        _safely(show.begin, fam)
        t0 = time.perf_counter()
        if NOTICE_AFTER <= 0:
            self._announce(show, fam)
        stop = threading.Event()
        watcher = threading.Thread(target=self._watch, args=(show, fam, t0, stop), daemon=True,
                                   name="mjstats-compile-watch")
        watcher.start()
        self._run = (fam, show, t0, stop, watcher, ev.kind == WAIT)

    def on_end(self, ev):
        self.depth -= 1
        if self.depth or self._run is None:
            return
        fam, show, t0, stop, watcher, wait = self._run
        self._run = None
        stop.set()
        watcher.join()
        dt = time.perf_counter() - t0
        if not wait:
            self.seconds += dt
        _safely(show.end, fam, dt)

    def _announce(self, show: Display, fam: Family) -> None:
        if fam.key not in self.announced:
            self.announced.add(fam.key)
            _safely(show.notice, notice_text(fam))

    def _watch(self, show: Display, fam: Family, t0: float, stop: threading.Event) -> None:
        """The notice once the compilation has run :data:`NOTICE_AFTER` s, then the ticks."""
        if stop.wait(max(NOTICE_AFTER, 0)):
            return
        self._announce(show, fam)
        while True:
            _safely(show.tick, fam, time.perf_counter() - t0)
            if stop.wait(TICK):
                return


def _safely(fn, *args) -> None:
    """Call a display; a closed or broken standard error never breaks a compilation."""
    try:
        fn(*args)
    except (OSError, ValueError):
        pass


_LISTENER = _Compiles()
event.register("numba:compile", _LISTENER)
event.register(WAIT, _LISTENER)


def compile_seconds() -> float:
    """Seconds this process has spent compiling mjstats kernels (cache loads excluded)."""
    return _LISTENER.seconds


def announced() -> frozenset[str]:
    """Keys of the families whose first compilation this process has announced."""
    return frozenset(_LISTENER.announced)
