"""Chunked, durable, reproducible runs: local cores by default, Dask when given a client.

A study of ``total`` items (deals, games) is cut into chunks of ``chunk``
items.  Item randomness never depends on the cut: tasks draw item ``i`` from
seeded sub-chunk ``i // CHUNK`` (:func:`mjstats.core.rng.chunk_states`), so a
chunk is a pure function of ``(seed, start, count)``.  Hence

* the same seed and size give the same numbers locally (kernels use all local
  cores inside a chunk) and on a Dask cluster (chunks go to workers);
* with ``out=``, each finished chunk is written at once to
  ``out/chunk-NNNNNN.parquet`` (atomically), so Ctrl-C or a killed worker loses
  only the chunks in flight, and ``resume=True`` computes just the missing ones
  and returns exactly what an uninterrupted run returns;
* memory stays flat: chunks are reduced as they arrive (``reduce``), and
  per-item rows are only kept when a task returns them.

A task is a picklable callable ``task(start, count)`` (a module-level function
or a :func:`functools.partial` of one) returning a ``pandas.DataFrame``, or a
dict of named DataFrames (the first one is saved as the chunk file, the others
beside it as ``chunk-NNNNNN.<name>.parquet``, written first so that a chunk
file always has its parts).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.sim.deals import CHUNK

MANIFEST = "manifest.json"


def plan_chunks(total: int, chunk: int, block: int = CHUNK) -> list[tuple[int, int]]:
    """``(start, count)`` of each chunk; ``chunk`` must be a multiple of the seeding ``block``.

    Examples
    --------
    >>> plan_chunks(300_000, 131_072)
    [(0, 131072), (131072, 131072), (262144, 37856)]
    """
    if total < 0:
        raise MjStatsError(f"total must be >= 0, got {total}")
    if chunk <= 0 or chunk % block:
        raise MjStatsError(f"chunk must be a positive multiple of {block} items, got {chunk}")
    return [(s, min(chunk, total - s)) for s in range(0, total, chunk)]


def _chunk_path(out: Path, j: int) -> Path:
    return out / f"chunk-{j:06d}.parquet"


def _write_atomic(df: pd.DataFrame, path: Path) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    df.to_parquet(tmp, index=False)
    os.replace(tmp, path)


def _write_chunk(result, path: Path) -> None:
    """Save a chunk: a frame, or a dict of frames (extra parts first, the chunk file last)."""
    if isinstance(result, dict):
        names = list(result)
        for name in names[1:]:
            _write_atomic(result[name], path.with_suffix(f".{name}.parquet"))
        result = result[names[0]]
    _write_atomic(result, path)


def _read_chunk(path: Path, first: str | None):
    """Read back what :func:`_write_chunk` saved (``first``: the dict's first name)."""
    df = pd.read_parquet(path)
    if first is None:
        return df
    out = {first: df}
    for part in sorted(path.parent.glob(path.stem + ".*.parquet")):
        out[part.name[len(path.stem) + 1: -len(".parquet")]] = pd.read_parquet(part)
    return out


def _check_manifest(out: Path, meta: dict, resume: bool) -> None:
    path = out / MANIFEST
    if path.exists():
        old = json.loads(path.read_text())
        if old != meta:
            diff = {k: (old.get(k), meta.get(k)) for k in set(old) | set(meta)
                    if old.get(k) != meta.get(k)}
            raise MjStatsError(
                f"{out} holds a different run (differences, saved vs asked: {diff}); "
                f"use another --out folder"
            )
        if not resume and any(out.glob("chunk-*.parquet")):
            raise MjStatsError(
                f"{out} already holds chunks of this run; pass resume=True (--resume) to "
                f"finish it, or use another folder"
            )
    else:
        out.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(meta, indent=2, sort_keys=True))


def run_chunks(
    task: Callable[[int, int], pd.DataFrame],
    total: int,
    chunk: int,
    *,
    reduce: Callable[[Any, pd.DataFrame], Any] | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    client=None,
    meta: dict | None = None,
    progress: bool = True,
    desc: str = "chunks",
    unit_scale: int = 1,
    block: int = CHUNK,
    first_part: str | None = None,
    unit: str = "it",
):
    """Run ``task`` over the chunks of ``total`` items and reduce the results in chunk order.

    Parameters
    ----------
    task : callable
        ``task(start, count) -> DataFrame`` (or a dict of DataFrames), pure given
        its arguments.
    total, chunk : int
        Items in all and per chunk (a multiple of ``block``).
    reduce : callable, optional
        ``reduce(acc, df) -> acc`` with ``acc`` starting as ``None``; default keeps a
        list of the chunk frames.  Applied in chunk order, so any reduction (even
        a non-commutative one) gives the same result however chunks were run.
    out : path, optional
        Folder for the durable chunk files and the run's manifest.
    resume : bool
        Reuse the chunks already in ``out`` (same manifest) and run the rest.
    client : dask.distributed.Client, optional
        Send chunks to this cluster instead of running them here.
    meta : dict, optional
        What identifies the run (study, rules, seed, size ...); stored in and
        checked against ``out/manifest.json``.
    progress : bool
        Show a tqdm bar (items per second and ETA).
    desc, unit, unit_scale : str, str, int
        Label of the bar, name of an item, items counted per item of ``total``.
    block : int
        Items per seeded block (:data:`mjstats.sim.deals.CHUNK` for deals).
    first_part : str, optional
        When tasks return dicts: the name of their first frame, needed to read
        saved chunks back on ``resume``.

    Returns
    -------
    object
        The reduction (by default, the list of chunk DataFrames).

    Examples
    --------
    >>> import functools
    >>> from mjstats.runner import run_chunks, sum_frames
    >>> from mjstats.sim.deals import complete_counts_task
    >>> task = functools.partial(complete_counts_task, "sichuan", 14, 7)
    >>> df = run_chunks(task, 200_000, 131_072, reduce=sum_frames, progress=False)
    >>> int(df["deals"].iloc[0])
    200000
    """
    chunks = plan_chunks(int(total), int(chunk), int(block))
    outp = Path(out) if out is not None else None
    meta = dict(meta or {}, total=int(total), chunk=int(chunk))
    done: dict[int, Path] = {}
    if outp is not None:
        _check_manifest(outp, meta, resume)
        done = {j: _chunk_path(outp, j) for j in range(len(chunks))
                if _chunk_path(outp, j).exists()}
    results: dict[int, pd.DataFrame] = {}
    acc = None
    next_j = 0
    reducer = reduce or _append

    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=int(total) * unit_scale, desc=desc, unit=unit, unit_scale=True,
                   smoothing=0.1)

    def finish(j: int, df: pd.DataFrame) -> None:
        nonlocal acc, next_j
        if outp is not None and j not in done:
            _write_chunk(df, _chunk_path(outp, j))
        results[j] = df
        if bar is not None:
            bar.update(chunks[j][1] * unit_scale)
        while next_j in results:  # reduce in chunk order, keep memory flat
            acc = reducer(acc, results.pop(next_j))
            next_j += 1

    try:
        todo = []
        for j in range(len(chunks)):
            if j in done:
                finish(j, _read_chunk(done[j], first_part))
            else:
                todo.append(j)
        if client is None:
            for j in todo:
                finish(j, task(*chunks[j]))
        else:
            from dask.distributed import as_completed

            futures = {client.submit(task, *chunks[j], pure=False): j for j in todo}
            for fut in as_completed(futures):
                finish(futures[fut], fut.result())
    except KeyboardInterrupt:
        if outp is not None:
            saved = len(list(outp.glob("chunk-[0-9][0-9][0-9][0-9][0-9][0-9].parquet")))
            raise KeyboardInterrupt(
                f"interrupted: {saved}/{len(chunks)} chunks saved in {outp}; run again with "
                f"resume=True (--resume) to finish"
            ) from None
        raise
    finally:
        if bar is not None:
            bar.close()
    return acc


RECORDS_UP_TO = 200_000
"""Runs of at most this many hands keep their per-row records by default (games, Da Er)."""


class KeptRows:
    """Mixin of a run's result whose per-row records are kept only when asked.

    The class holds ``records`` (a tuple of DataFrames, or ``None`` when only the
    sums were kept), names in ``_size_field`` the attribute holding the run's
    number of hands, and may set ``_records_hint`` (how to ask for the rows).
    """

    _size_field = "games"
    _records_hint = "pass records=True"

    def _rows(self, i: int) -> pd.DataFrame:
        if self.records is None:
            raise MjStatsError(
                f"this run of {getattr(self, self._size_field):,} hands kept tables only; "
                f"{self._records_hint} to keep one row per hand and per seat (runs up to "
                f"{RECORDS_UP_TO:,} hands keep them by default)")
        return self.records[i]


def add_run_arguments(parser, folder: str = "--out") -> None:
    """Add ``--resume`` and ``--dask`` to a command whose chunks are saved in ``folder``."""
    parser.add_argument("--resume", action="store_true",
                        help=f"finish the interrupted run saved in {folder} (same numbers)")
    parser.add_argument("--dask", default=None, metavar="ADDRESS",
                        help="run the chunks on a Dask scheduler, e.g. tcp://host:8786")


def connect(address: str | None):
    """A ``dask.distributed.Client`` for ``address`` (``tcp://host:8786``), or ``None``."""
    if not address:
        return None
    try:
        from dask.distributed import Client
    except ImportError:
        raise MjStatsError("--dask needs the dask extra: pip install 'mjstats[dask]'") from None
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
