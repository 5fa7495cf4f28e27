"""Chunked, durable, reproducible runs: local cores by default, Dask when given a client.

A study of ``total`` items (deals, games) is cut into chunks of ``chunk``
items.  Item randomness never depends on the cut: tasks draw item ``i`` from
seeded sub-chunk ``i // CHUNK`` (:func:`mjstats.core.rng.chunk_states`), so a
chunk is a pure function of ``(seed, start, count)``.  Hence

* the same seed and size give the same numbers locally (kernels use all local
  cores inside a chunk) and on a Dask cluster (chunks go to workers);
* with ``out=``, each finished chunk is written at once to
  ``out/chunk-NNNNNN.parquet`` (atomically, with its run's identity inside), so
  Ctrl-C or a killed worker loses only the chunks in flight, and
  ``resume=True`` computes just the missing ones and returns exactly what an
  uninterrupted run returns; the folder holds one run, written by one process
  at a time, and a saved chunk is used only once proven to be that run's
  (:mod:`mjstats.runfolder`, ``docs/durability.md``);
* memory stays flat: chunks are reduced as they arrive (``reduce``), and
  per-item rows are only kept when a task returns them;
* the progress bar counts items in its unit (``hands/s``, ``deals/s``) over the
  work the run does itself (:class:`Meter`): chunks read back on resume fill
  the bar but neither count nor take time, and the clock stops while a kernel
  compiles (the bar then says what compiles and for how long,
  :mod:`mjstats._compiling`), so the rate and the time left are those of the
  work.  (On Dask the workers compile; their time is not seen here.)

A task is a picklable callable ``task(start, count)`` (a module-level function
or a :func:`functools.partial` of one) returning a ``pandas.DataFrame``, or a
dict of named DataFrames (the first one is saved as the chunk file, the others
beside it as ``chunk-NNNNNN.<name>.parquet``, written first so that a chunk
file always has its parts).
"""

from __future__ import annotations

import operator
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pandas as pd

from mjstats._checks import described, flag
from mjstats._compiling import Display, Family, clock, showing
from mjstats.errors import MjStatsError
from mjstats.runfolder import RunFolder, saved_seed

MAX_CHUNKS = 2**22
"""The most chunks one run is cut into; a run planned larger is refused at once."""


class Chunks(Sequence):
    """``(start, count)`` of each chunk of a run, worked out when asked (no list is built)."""

    def __init__(self, total: int, chunk: int):
        self.total, self.chunk = total, chunk
        self.n = -(-total // chunk)  # a Python int: len() takes none past sys.maxsize

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, j):
        if isinstance(j, slice):
            return [self[i] for i in range(*j.indices(len(self)))]
        j = operator.index(j)  # a whole number (a float is a TypeError, as for a list)
        if not -len(self) <= j < len(self):
            raise IndexError(j)
        s = (j % len(self)) * self.chunk
        return (s, min(self.chunk, self.total - s))

    def __eq__(self, other) -> bool:
        if not isinstance(other, Chunks | list):
            return NotImplemented
        return list(self) == list(other)

    def __repr__(self) -> str:
        return repr(list(self))


def plan_chunks(total: int, chunk: int, block: int = 1, unit: str = "items",
                size_name: str | None = None) -> Chunks:
    """``(start, count)`` of each chunk; ``chunk`` must be a multiple of the seeding ``block``.

    At most :data:`MAX_CHUNKS` chunks: a larger run is refused at once (one line,
    naming the caller's keyword ``size_name`` for ``total`` when given).

    Examples
    --------
    >>> plan_chunks(300_000, 131_072, 65_536)
    [(0, 131072), (131072, 131072), (262144, 37856)]
    >>> plan_chunks(10**14, 512, 512, "hands")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjstats.errors.MjStatsError: 100,000,000,000,000 hands are more than one run takes: ...
    """
    if total < 0:
        raise MjStatsError(f"total must be >= 0, got {total}")
    if chunk <= 0 or chunk % block:
        raise MjStatsError(f"chunk must be a positive multiple of {block} items, got {chunk}")
    chunks = Chunks(total, chunk)
    if chunks.n > MAX_CHUNKS:
        what = f"{total:,} {unit} are" if size_name is None else f"{size_name}={total} is"
        raise MjStatsError(f"{what} more than one run takes: at most {MAX_CHUNKS:,} chunks of "
                           f"{chunk:,} ({MAX_CHUNKS * chunk:,} {unit})")
    return chunks


def run_chunks(
    task: Callable[[int, int], pd.DataFrame],
    total: int,
    chunk: int,
    *,
    block: int,
    reduce: Callable[[Any, pd.DataFrame], Any] | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    client=None,
    meta: dict | None = None,
    progress: bool = True,
    desc: str = "chunks",
    unit_scale: int = 1,
    first_part: str | None = None,
    unit: str = "items",
    meter: Meter | None = None,
    size_name: str | None = None,
):
    """Run ``task`` over the chunks of ``total`` items and reduce the results in chunk order.

    Parameters
    ----------
    task : callable
        ``task(start, count) -> DataFrame`` (or a dict of DataFrames), pure given
        its arguments.
    total, chunk : int
        Items in all and per chunk (a multiple of ``block``).
    block : int
        Items per seeded block of the task (a chunk must hold whole blocks).
    reduce : callable, optional
        ``reduce(acc, df) -> acc`` with ``acc`` starting as ``None``; default keeps a
        list of the chunk frames.  Applied in chunk order, so any reduction (even
        a non-commutative one) gives the same result however chunks were run.
    out : path, optional
        Folder of the run (:class:`mjstats.runfolder.RunFolder`): its manifest and
        each finished chunk, locked for this run while it runs.
    resume : bool
        Reuse the chunks already in ``out`` that prove to be this run's, and run
        the rest.
    client : dask.distributed.Client, optional
        Send chunks to this cluster instead of running them here.
    meta : dict, optional
        What identifies the run (study, rules, seed, size ...); stored in the
        manifest and in every chunk file, and checked before any saved chunk is
        used.
    progress : bool
        Show a tqdm bar on standard error: items per second of the work this run
        does and the time left, compilation and resumed chunks excluded
        (:class:`Meter`).
    desc, unit, unit_scale : str, str, int
        Label of the bar, name of the items in the plural (``"hands"``: the bar
        shows ``hands/s``), items counted per item of ``total``.
    first_part : str, optional
        When tasks return dicts: the name of their first frame, needed to read
        saved chunks back on ``resume``.
    meter : Meter, optional
        Counts the items this call computes itself (``meter.items``: none of the
        chunks read back on ``resume``), for a caller that reports a rate.
    size_name : str, optional
        The caller's keyword for ``total`` (``"games"``), named when the run is too
        large (:func:`plan_chunks`).

    Returns
    -------
    object
        The reduction (by default, the list of chunk DataFrames).

    Examples
    --------
    >>> import functools
    >>> from mjstats.runner import run_chunks, sum_frames
    >>> from mjstats.sim.deals import CHUNK, complete_counts_task
    >>> task = functools.partial(complete_counts_task, "sichuan", 14, 7)
    >>> df = run_chunks(task, 200_000, 2 * CHUNK, block=CHUNK, reduce=sum_frames,
    ...                 progress=False)
    >>> int(df["deals"].iloc[0])
    200000
    """
    progress = flag(progress, "progress")
    resume = flag(resume, "resume")
    if client is not None and not callable(getattr(client, "submit", None)):
        raise MjStatsError(f"client is a dask.distributed.Client, got {described(client)}")
    chunks = plan_chunks(int(total), int(chunk), int(block), unit, size_name)
    if resume and out is None:
        raise MjStatsError("resume=True finishes a run saved in a folder; give out=FOLDER, "
                           "the folder of the run")
    identity = dict(meta or {}, total=int(total), chunk=int(chunk), block=int(block))
    folder = RunFolder(out, identity).open(resume) if out is not None else None
    with folder or nullcontext():
        return _run(task, chunks, reduce or _append, folder, client, first_part,
                    progress, desc, unit, unit_scale, int(total), meter or Meter())


def _now() -> float:
    return time.perf_counter()


class Meter:
    """Items per second of the work a run does itself.

    Timing starts at :meth:`start` (after the chunks read back on resume) and
    stops between :meth:`pause` and :meth:`resume` (while a kernel compiles);
    only items passed to :meth:`add` count.  ``clock`` returns seconds (default
    :func:`time.perf_counter`).

    Examples
    --------
    >>> t = [0.0]
    >>> m = Meter(clock=lambda: t[0])
    >>> m.start(); t[0] = 1.0; m.pause(); t[0] = 301.0; m.resume(); t[0] = 305.0
    >>> m.add(2000); m.seconds, m.rate
    (5.0, 400.0)
    """

    def __init__(self, clock: Callable[[], float] | None = None):
        self._clock = clock or (lambda: _now())
        self.items = 0
        self._start: float | None = None
        self._paused = 0.0
        self._pause_at: float | None = None

    def start(self) -> None:
        """Start timing (once)."""
        if self._start is None:
            self._start = self._clock()

    def pause(self) -> None:
        """Stop the clock (a compilation starts)."""
        if self._start is not None and self._pause_at is None:
            self._pause_at = self._clock()

    def resume(self) -> None:
        """Restart the clock (the compilation ended)."""
        if self._pause_at is not None:
            self._paused += self._clock() - self._pause_at
            self._pause_at = None

    def add(self, n: float) -> None:
        """Count ``n`` items done."""
        self.items += n

    @property
    def seconds(self) -> float:
        """Seconds of work timed so far."""
        if self._start is None:
            return 0.0
        now = self._pause_at if self._pause_at is not None else self._clock()
        return now - self._start - self._paused

    @property
    def rate(self) -> float | None:
        """Items per second, or ``None`` before the first item."""
        s = self.seconds
        return self.items / s if self.items and s > 0 else None


_BAR_FORMAT = ("{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} "
               "[{elapsed}<{remaining}, {rate_noinv_fmt}{postfix}]")

_bar_class = None


def progress_bar(meter: Meter, **kwargs):
    """A tqdm bar whose elapsed time and rate are ``meter``'s (``kwargs`` go to tqdm)."""
    global _bar_class
    if _bar_class is None:
        from tqdm.auto import tqdm

        class MeteredBar(tqdm):
            """A tqdm bar that reads its elapsed time and rate from a :class:`Meter`."""

            def __init__(self, *args, meter: Meter, **kw):
                self.meter = meter  # before tqdm draws the bar
                super().__init__(*args, **kw)

            @property
            def format_dict(self):
                d = super().format_dict
                d["elapsed"], d["rate"] = self.meter.seconds, self.meter.rate
                # what tqdm falls back on without a rate, (n - initial) / elapsed,
                # counts only the items the meter timed (none read back on resume)
                d["initial"] = d["n"] - self.meter.items
                return d

        _bar_class = MeteredBar
    return _bar_class(meter=meter, **kwargs)


class BarDisplay(Display):
    """Shows a compilation in a run's progress bar and stops the bar's clock meanwhile."""

    def __init__(self, bar, meter: Meter):
        super().__init__(spinner=False)
        self.bar, self.meter = bar, meter

    def notice(self, text: str) -> None:  # noqa: D102  (above the bar)
        self.bar.write(text, file=sys.stderr)

    def begin(self, fam: Family) -> None:  # noqa: D102
        self.meter.pause()

    def tick(self, fam: Family, seconds: float) -> None:  # noqa: D102
        self.bar.set_postfix_str(f"compiling {fam.what} {clock(seconds)}")

    def end(self, fam: Family, seconds: float) -> None:  # noqa: D102
        self.meter.resume()
        self.bar.set_postfix_str("")


def _run(task, chunks, reducer, folder, client, first_part, progress, desc, unit, unit_scale,
         total, meter):
    results: dict[int, Any] = {}
    acc = None
    next_j = 0
    bar = None
    if progress:
        bar = progress_bar(meter, total=total * unit_scale, desc=desc, unit=f" {unit}",
                           unit_scale=True, bar_format=_BAR_FORMAT)

    def finish(j: int, df, saved: bool) -> None:
        nonlocal acc, next_j
        if folder is not None and not saved:
            folder.write(j, *chunks[j], df)
        results[j] = df
        if not saved:
            meter.add(chunks[j][1] * unit_scale)
        if bar is not None:
            bar.update(chunks[j][1] * unit_scale)
        while next_j in results:  # reduce in chunk order, keep memory flat
            acc = reducer(acc, results.pop(next_j))
            next_j += 1

    try:
        with showing(BarDisplay(bar, meter)) if bar is not None else nullcontext():
            todo = []
            for j in range(len(chunks)):
                old = folder.read(j, *chunks[j], first_part) if folder is not None else None
                if old is None:
                    todo.append(j)
                else:
                    finish(j, old, saved=True)
            meter.start()
            if client is None:
                for j in todo:
                    finish(j, task(*chunks[j]), saved=False)
            else:
                from dask.distributed import as_completed

                futures = {client.submit(task, *chunks[j], pure=False): j for j in todo}
                for fut in as_completed(futures):
                    finish(futures[fut], fut.result(), saved=False)
    except KeyboardInterrupt:
        if folder is not None:
            saved = len(folder.chunk_files())
            raise KeyboardInterrupt(
                f"interrupted: {saved}/{len(chunks)} chunks saved in {folder.path}; run the "
                f"same command again with --resume (resume=True) to finish"
            ) from None
        raise
    finally:
        if bar is not None:
            bar.close()
    return acc


def run_seed(seed, out: str | Path | None, resume: bool):
    """The seed of a run: ``seed``, or, resuming a run saved without one, the seed it drew.

    A run started with ``seed=None`` draws fresh entropy and records it in its
    manifest; ``resume=True`` with ``seed=None`` reads it back, so such a run
    can always be finished.
    """
    if seed is None and resume and out is not None:
        from mjstats.runfolder import folder_path

        return saved_seed(folder_path(out, "run folder"))  # a bad name refused, not read
    return seed


RECORDS_UP_TO = 200_000
"""Runs of at most this many hands keep their per-row records by default (games, Da Er)."""


class KeptRows:
    """Mixin of a run's result whose per-row records are kept only when asked.

    The class holds ``records`` (a tuple of DataFrames, or ``None`` when only the
    sums were kept), names in ``_size_field`` the attribute holding the run's
    number of hands, and may set ``_records_hint`` (how to ask for the rows).
    """

    _size_field = "n_games"
    _records_hint = "pass records=True"

    def _rows(self, i: int) -> pd.DataFrame:
        if self.records is None:
            raise MjStatsError(
                f"this run of {getattr(self, self._size_field):,} hands kept tables only; "
                f"{self._records_hint} to keep one row per hand and per seat (runs up to "
                f"{RECORDS_UP_TO:,} hands keep them by default)")
        return self.records[i]


def split_parts(part: dict[str, pd.DataFrame], first: str) -> list[dict[str, pd.DataFrame]]:
    """A compare chunk's parts ``p<i>`` and ``p<i>.<name>`` as one dict per preset.

    Part ``p<i>`` is named ``first`` in preset ``i``'s dict, ``p<i>.<name>`` is ``name``.

    Examples
    --------
    >>> split_parts({"p0": 1, "p1": 2, "p0.rows": 3}, "stats")
    [{'stats': 1, 'rows': 3}, {'stats': 2}]
    """
    out: list[dict] = [{} for k in part if "." not in k]
    for k, v in part.items():
        preset, _, name = k.partition(".")
        out[int(preset[1:])][name or first] = v
    return out


def connect(address: str | None):
    """A ``dask.distributed.Client`` for ``address`` (``tcp://host:8786``), or ``None``."""
    if not address:
        return None
    try:
        from dask.distributed import Client
    except ImportError:
        raise MjStatsError("--dask needs the dask extra: pip install 'mjstats[dask]'") from None
    from distributed.comm.addressing import parse_address, parse_host_port

    try:  # read before any Client is made: a Client that fails half-made can hang the next
        scheme, where = parse_address(address)
        if scheme in ("tcp", "tls"):
            parse_host_port(where)
    except (ValueError, TypeError) as e:  # an address dask cannot read (unreachable: OSError)
        raise MjStatsError(f"--dask {address!r} is no scheduler address ({e}); expected "
                           f"one like tcp://host:8786") from None
    return Client(address)


def _append(acc, df):
    return [df] if acc is None else [*acc, df]


def sum_frames(acc, df: pd.DataFrame) -> pd.DataFrame:
    """Reducer for count tables: add the numeric columns row by row (same row order)."""
    if acc is None:
        return df.reset_index(drop=True).copy()
    if len(acc) != len(df):
        raise MjStatsError("chunks of a count table must have the same rows")
    out = acc.copy()
    num = out.select_dtypes("number").columns
    out[num] = out[num].to_numpy() + df[num].to_numpy()
    return out
